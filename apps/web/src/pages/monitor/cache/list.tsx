import { useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  clearCacheAll,
  clearCacheKey,
  clearCacheName,
  getCacheValue,
  listCacheKey,
  listCacheName,
  type SysCache,
} from '../../../api/monitor/cache';
import { confirmAction } from '../../../components/ListPage';
import { toast } from '../../../utils/feedback';
import { CLEAR_ALL_WARNING, clearNameWarning, formatTtl, prettyValue } from './components/format';
import './cache.css';

const NAMES_KEY = 'monitor/cache/names';
const KEYS_KEY = 'monitor/cache/keys';
const VALUE_KEY = 'monitor/cache/value';

const trimColon = (name: string) => name.replace(/:$/, '');

function DeleteIcon({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button
        type="link"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={label}
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
      />
    </Tooltip>
  );
}

function RefreshIcon({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" icon={<ReloadOutlined />} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/** 缓存列表 (screens §4.8): names, their keys and one value; every clear asks first and spares the own session. */
export default function CacheListPage() {
  const [cacheName, setCacheName] = useState<string>();
  const [cacheKey, setCacheKey] = useState<string>();

  const names = useQuery({ queryKey: [NAMES_KEY], queryFn: listCacheName });
  const keys = useQuery({ queryKey: [KEYS_KEY, cacheName], queryFn: () => listCacheKey(cacheName!), enabled: cacheName !== undefined });
  const value = useQuery({
    queryKey: [VALUE_KEY, cacheName, cacheKey],
    queryFn: () => getCacheValue(cacheName!, cacheKey!),
    enabled: cacheName !== undefined && cacheKey !== undefined,
    retry: false,
  });
  const shown: SysCache | undefined = cacheKey ? value.data?.data : undefined;

  const refreshNames = async () => {
    await names.refetch();
    toast.success('刷新缓存列表成功');
  };
  const refreshKeys = async () => {
    if (!cacheName) return;
    await keys.refetch();
    toast.success('刷新键名列表成功');
  };

  const removeName = (row: SysCache) =>
    confirmAction(clearNameWarning(row.cacheName), () => clearCacheName(row.cacheName), `清理缓存名称[${row.cacheName}]成功`, () => {
      if (row.cacheName === cacheName) {
        setCacheKey(undefined);
        void keys.refetch();
      }
    });
  const removeKey = (key: string) =>
    confirmAction(`确认清理缓存键名[${key}]？`, () => clearCacheKey(key), `清理缓存键名[${key}]成功`, () => {
      if (key === cacheKey) setCacheKey(undefined);
      void keys.refetch();
    });
  const removeAll = () =>
    confirmAction({ title: '清理全部缓存', content: CLEAR_ALL_WARNING, okText: '清理全部' }, clearCacheAll, '清理全部缓存成功', () => {
      setCacheKey(undefined);
      if (cacheName) void keys.refetch();
    });

  const nameColumns: TableColumnsType<SysCache> = [
    { title: '序号', width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
    { title: '缓存名称', dataIndex: 'cacheName', ellipsis: true, render: trimColon },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    {
      title: '操作',
      width: 60,
      align: 'center',
      render: (_v, row) =>
        row.cacheName === 'user_sessions:' ? null : <DeleteIcon label={`清理${row.remark}`} onClick={() => void removeName(row)} />,
    },
  ];
  const keyColumns: TableColumnsType<string> = [
    { title: '序号', width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
    { title: '缓存键名', ellipsis: true, render: (_v, key) => (cacheName ? key.slice(cacheName.length) : key) },
    {
      title: '操作',
      width: 60,
      align: 'center',
      render: (_v, key) => (cacheName === 'user_sessions:' ? null : <DeleteIcon label="清理该键" onClick={() => void removeKey(key)} />),
    },
  ];
  const rowProps = (selected: boolean, onClick: () => void) => ({
    onClick,
    className: selected ? 'cache-row-selected' : undefined,
    style: { cursor: 'pointer' },
  });

  return (
    <div className="app-container">
      <Row gutter={12}>
        <Col xs={24} lg={8}>
          <Card
            size="small"
            className="cache-pane"
            title="缓存列表"
            extra={<RefreshIcon label="刷新缓存列表" onClick={() => void refreshNames()} />}
          >
            <Table
              size="small"
              rowKey="cacheName"
              pagination={false}
              loading={names.isFetching}
              dataSource={names.data?.data ?? []}
              columns={nameColumns}
              scroll={{ y: 'calc(100vh - 260px)' }}
              onRow={(row) =>
                rowProps(row.cacheName === cacheName, () => {
                  setCacheName(row.cacheName);
                  setCacheKey(undefined);
                })
              }
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" className="cache-pane" title="键名列表" extra={<RefreshIcon label="刷新键名列表" onClick={() => void refreshKeys()} />}>
            <Table
              size="small"
              rowKey={(key) => key}
              pagination={false}
              loading={keys.isFetching}
              dataSource={cacheName ? (keys.data?.data ?? []) : []}
              columns={keyColumns}
              locale={{ emptyText: cacheName ? '暂无键' : '请先选择左侧的缓存名称' }}
              scroll={{ y: 'calc(100vh - 260px)' }}
              onRow={(key) => rowProps(key === cacheKey, () => setCacheKey(key))}
            />
            {keys.data?.truncated && (
              <Typography.Text type="secondary" className="cache-note">
                键过多，仅显示前 {keys.data.data?.length} 个。
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            size="small"
            className="cache-pane"
            title="缓存内容"
            extra={
              <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void removeAll()}>
                清理全部
              </Button>
            }
          >
            <Form layout="vertical" className="cache-value">
              <Form.Item label="缓存名称:" htmlFor="cache-value-name">
                <Input id="cache-value-name" readOnly value={shown?.cacheName ?? ''} />
              </Form.Item>
              <Form.Item label="缓存键名:" htmlFor="cache-value-key">
                <Input id="cache-value-key" readOnly value={shown?.cacheKey ?? ''} />
              </Form.Item>
              <Form.Item label="剩余有效期:" htmlFor="cache-value-ttl">
                <Input id="cache-value-ttl" readOnly value={shown ? formatTtl(shown.ttl) : ''} />
              </Form.Item>
              <Form.Item label="缓存内容:" htmlFor="cache-value-content">
                <Input.TextArea id="cache-value-content" readOnly rows={12} value={shown ? prettyValue(shown.cacheValue) : ''} />
              </Form.Item>
            </Form>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
