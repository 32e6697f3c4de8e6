import { useState, type ReactNode } from 'react';
import { Button, Space, Switch, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';

/**
 * Timer refresh for monitor screens: `refetchInterval` for useQuery (false while paused) and the bar
 * that shows when the figures were read, pauses the timer and refreshes by hand.
 */
export function useAutoRefresh(intervalMs: number) {
  const [paused, setPaused] = useState(false);
  return { paused, setPaused, intervalMs, refetchInterval: paused ? (false as const) : intervalMs };
}

export default function RefreshBar({
  query,
  refresh,
  extra,
}: {
  query: Pick<UseQueryResult, 'dataUpdatedAt' | 'isFetching' | 'refetch'>;
  refresh: ReturnType<typeof useAutoRefresh>;
  extra?: ReactNode;
}) {
  const seconds = Math.round(refresh.intervalMs / 1000);
  return (
    <Space className="refresh-bar" wrap style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary" aria-live="polite">
        {query.dataUpdatedAt ? `更新于 ${dayjs(query.dataUpdatedAt).format('YYYY-MM-DD HH:mm:ss')}` : '尚未加载'}
      </Typography.Text>
      <Space size={4}>
        <Switch
          size="small"
          checked={!refresh.paused}
          onChange={(on) => refresh.setPaused(!on)}
          aria-label={`每${seconds}秒自动刷新`}
        />
        <Typography.Text>{refresh.paused ? '自动刷新已暂停' : `每${seconds}秒自动刷新`}</Typography.Text>
      </Space>
      <Button size="small" icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
        刷新
      </Button>
      {extra}
    </Space>
  );
}
