import type { ReactNode } from 'react';
import { Button, Switch, Tooltip, Typography, type TableColumnType } from 'antd';
import { KeyOutlined, SettingOutlined } from '@ant-design/icons';
import type { BossAccount } from '../../../../api/channel/bossZP';
import { HasPermi } from '../../../../components/HasPermi';
import { actionColumn, dictColumn } from '../../../../components/ListPage';
import type { DictOption } from '../../../../hooks/useDict';
import { parseTime } from '../../../../utils/ruoyi';
import { relativeTime } from '../../../ai/conversation/liveList';
import { HealthTag } from './health';
import { runWindowText, weekdaysText } from './runConfig';

export const PERM = 'channel:boss';

export interface AccountHandlers {
  edit(accountId: number): void;
  remove(accountIds: number[]): void;
  config(row: BossAccount): void;
  pause(row: BossAccount): void;
  key(row: BossAccount): void;
}

const secondary = (text: ReactNode) => <Typography.Text type="secondary">{text}</Typography.Text>;

/** Today's count against its cap, red once the cap is reached (nothing more goes out today). */
function Usage({ label, used, cap }: { label: string; used: number; cap: number }) {
  return (
    <Tooltip title={`今日已${label} ${used} 次，每日上限 ${cap} 次`}>
      <div className="boss-usage">
        <span className="boss-usage-label">{label}</span>
        <Typography.Text type={used >= cap ? 'danger' : undefined}>
          {used} / {cap}
        </Typography.Text>
      </div>
    </Tooltip>
  );
}

function KeyCell({ row, onKey }: { row: BossAccount; onKey: () => void }) {
  return (
    <div className="boss-key">
      {row.keyId ? (
        <>
          <Typography.Text code ellipsis={{ tooltip: row.keyId }}>
            {row.keyId}
          </Typography.Text>
          {secondary(<span className="boss-key-time">创建于 {parseTime(row.keyCreatedTime, 'YYYY-MM-DD HH:mm')}</span>)}
        </>
      ) : (
        secondary('未生成')
      )}
      <HasPermi value={[`${PERM}:key`]}>
        <Button size="small" type="link" icon={<KeyOutlined />} onClick={onKey}>
          {row.keyId ? '轮换密钥' : '生成密钥'}
        </Button>
      </HasPermi>
    </div>
  );
}

/** The columns of 招聘账号; `canEdit` enables the 运行 switch (channel:boss:edit). */
export function accountColumns(handlers: AccountHandlers, statuses: DictOption[], canEdit: boolean): TableColumnType<BossAccount>[] {
  return [
    {
      key: 'recruiterName',
      title: '招聘账号',
      width: 140,
      render: (_v, row) => (
        <div className="boss-two-lines">
          <Typography.Text strong ellipsis={{ tooltip: row.recruiterName }}>
            {row.recruiterName}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: row.company }}>
            {row.company || '未填写公司'}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'sessionHealth',
      title: '会话状态',
      align: 'center',
      width: 110,
      render: (_v, row) => (
        <div className="boss-two-lines boss-center">
          <HealthTag health={row.sessionHealth} detail={row.healthDetail} />
          {row.lastSeenTime ? (
            <span className="boss-small" title={`最近在线：${parseTime(row.lastSeenTime)}`}>
              {relativeTime(row.lastSeenTime, Date.now())}在线
            </span>
          ) : (
            secondary(<span className="boss-small">从未连接</span>)
          )}
        </div>
      ),
    },
    {
      key: 'usage',
      title: '今日用量',
      width: 136,
      render: (_v, row) => (
        <>
          <Usage label="打招呼" used={row.todayGreetings} cap={row.runConfig.dailyGreetings} />
          <Usage label="回复" used={row.todayReplies} cap={row.runConfig.dailyReplies} />
          <Tooltip title="已生成、等待自动化客户端取走发送的消息">
            <div className="boss-usage">
              <span className="boss-usage-label">待发送</span>
              <span>{row.pendingReplies}</span>
            </div>
          </Tooltip>
        </>
      ),
    },
    {
      key: 'paused',
      title: '自动运行',
      align: 'center',
      width: 88,
      render: (_v, row) => (
        <Switch
          aria-label={`${row.recruiterName}自动运行`}
          checked={!row.paused}
          checkedChildren="运行"
          unCheckedChildren="暂停"
          disabled={!canEdit}
          onChange={() => handlers.pause(row)}
        />
      ),
    },
    {
      key: 'runConfig',
      title: '运行时段',
      width: 164,
      render: (_v, row) => (
        <div className="boss-two-lines">
          <span>{runWindowText(row.runConfig)}</span>
          {secondary(<span className="boss-small">{weekdaysText(row.runConfig.weekdays)}</span>)}
          <HasPermi value={[`${PERM}:edit`]}>
            <Button type="link" size="small" className="boss-inline-link" icon={<SettingOutlined />} onClick={() => handlers.config(row)}>
              配置
            </Button>
          </HasPermi>
        </div>
      ),
    },
    { key: 'key', title: '连接密钥', width: 180, render: (_v, row) => <KeyCell row={row} onKey={() => handlers.key(row)} /> },
    {
      key: 'agentName',
      title: 'AI客服',
      align: 'center',
      width: 100,
      ellipsis: true,
      render: (_v, row) => row.agentName || secondary('未绑定'),
    },
    { ...dictColumn<BossAccount>('状态', 'status', statuses), key: 'status', width: 64 },
    actionColumn<BossAccount>(PERM, (row) => row.accountId, handlers.edit, handlers.remove),
  ];
}
