import { useState, type ReactNode } from 'react';
import { Avatar, Button, Tag, Tooltip, Typography, type TableColumnsType, type TableColumnType } from 'antd';
import { DisconnectOutlined, EditOutlined, SyncOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { REPLY_POLICY_LABELS } from '@acs/shared';
import type { DouyinAccount } from '../../../../api/channel/dyConfig';
import { HasPermi } from '../../../../components/HasPermi';
import { parseTime } from '../../../../utils/ruoyi';
import { AUTH_STATUS_HINTS, AUTH_STATUS_TONES, authStatusLabel } from '../../../dyLogin/components/authStatus';
import { timeLeft } from '../../../dyLogin/components/expiry';
import { PERM } from './perm';

/** The platform allows this many refresh-token renewals; then the owner must scan again. */
const RENEWALS_MAX = 5;

export interface AccountHandlers {
  edit: (row: DouyinAccount) => void;
  refresh: (row: DouyinAccount) => void;
  sends: (row: DouyinAccount) => void;
  unbind: (rows: DouyinAccount[]) => void;
  /** The account whose token is being refreshed. */
  refreshing?: number;
}

const dash = (v: ReactNode) => v || <span className="dy-muted">-</span>;

/** The account's Douyin avatar (its CDN refuses other sites' referrers), or the first character of the name. */
function AccountAvatar({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  const image = src && !failed ? <img src={src} alt="" referrerPolicy="no-referrer" onError={() => setFailed(true)} /> : undefined;
  return (
    <Avatar size={36} src={image}>
      {name.slice(0, 1)}
    </Avatar>
  );
}

function AccountCell({ row }: { row: DouyinAccount }) {
  return (
    <span className="dy-account-cell">
      <AccountAvatar src={row.avatar} name={row.nickname} />
      <span className="dy-account-cell-text">
        <Typography.Text strong ellipsis={{ tooltip: row.nickname }}>
          {row.nickname}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis={{ tooltip: row.appName }} className="dy-small">
          {row.appName}
        </Typography.Text>
      </span>
    </span>
  );
}

function ExpiryCell({ row, now }: { row: DouyinAccount; now: number }) {
  const detail = `访问令牌 ${parseTime(row.accessExpiresTime)} 到期；刷新令牌 ${parseTime(row.refreshExpiresTime)} 到期，已续期 ${row.renewals}/${RENEWALS_MAX} 次${
    row.lastRefreshTime ? `；上次刷新 ${parseTime(row.lastRefreshTime)}` : ''
  }`;
  return (
    <Tooltip title={detail}>
      <span className="dy-expiry">
        <span>访问令牌：{parseTime(row.accessExpiresTime, 'MM-DD HH:mm')}</span>
        <span>
          刷新令牌：{parseTime(row.refreshExpiresTime, 'MM-DD HH:mm')}（{timeLeft(row.refreshExpiresTime, now)}）
        </span>
      </span>
    </Tooltip>
  );
}

/** The agent that answers the account and the reply policy. */
function ServingCell({ row }: { row: DouyinAccount }) {
  return (
    <span className="dy-serving">
      <Typography.Text ellipsis={{ tooltip: row.agentName }}>{row.agentName || <span className="dy-muted">未绑定AI客服</span>}</Typography.Text>
      <span className="dy-small dy-muted">{REPLY_POLICY_LABELS[row.replyPolicy] ?? row.replyPolicy}</span>
    </span>
  );
}

function AuthStatusCell({ row }: { row: DouyinAccount }) {
  return (
    <span className="dy-auth">
      <Tooltip title={AUTH_STATUS_HINTS[row.authStatus]}>
        <Tag color={AUTH_STATUS_TONES[row.authStatus]}>{authStatusLabel(row.authStatus)}</Tag>
      </Tooltip>
      {row.authError && (
        <Typography.Text type="danger" ellipsis={{ tooltip: row.authError }} className="dy-small">
          {row.authError}
        </Typography.Text>
      )}
    </span>
  );
}

interface RowIconProps {
  perm: string;
  /** Tooltip and accessible name. */
  title: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  loading?: boolean;
}

/** An icon button of the 操作 column, named by its tooltip; like IconAction, with danger and loading. */
function RowIcon({ perm, title, icon, onClick, danger, loading }: RowIconProps) {
  return (
    <HasPermi value={[perm]}>
      <Tooltip title={title}>
        <Button type="link" danger={danger} loading={loading} aria-label={title} icon={icon} onClick={onClick} />
      </Tooltip>
    </HasPermi>
  );
}

function ActionsCell({ row, h }: { row: DouyinAccount; h: AccountHandlers }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <RowIcon perm={`${PERM}:edit`} title="修改" icon={<EditOutlined />} onClick={() => h.edit(row)} />
      <RowIcon perm={`${PERM}:refresh`} title="刷新令牌" icon={<SyncOutlined />} loading={h.refreshing === row.accountId} onClick={() => h.refresh(row)} />
      <RowIcon perm={`${PERM}:query`} title="发送记录" icon={<UnorderedListOutlined />} onClick={() => h.sends(row)} />
      <RowIcon perm={`${PERM}:remove`} title="解绑" icon={<DisconnectOutlined />} danger onClick={() => h.unbind([row])} />
    </span>
  );
}

/** The columns of the bound accounts, the status switch given by the page (it needs the page's hooks). */
export function accountColumns(h: AccountHandlers, statusColumn: TableColumnType<DouyinAccount>, now: number): TableColumnsType<DouyinAccount> {
  return [
    { title: '抖音账号', key: 'nickname', width: 200, render: (_, row) => <AccountCell row={row} /> },
    { title: '授权状态', dataIndex: 'authStatus', align: 'center', width: 130, render: (_, row) => <AuthStatusCell row={row} /> },
    { title: '令牌有效期', key: 'expiry', width: 220, render: (_, row) => <ExpiryCell row={row} now={now} /> },
    { title: '接待', key: 'serving', align: 'center', width: 150, render: (_, row) => <ServingCell row={row} /> },
    { title: '负责员工', dataIndex: 'staffName', align: 'center', width: 90, ellipsis: true, render: (v: string) => dash(v) },
    { ...statusColumn, width: 72 },
    {
      title: '最近消息',
      dataIndex: 'lastWebhookTime',
      align: 'center',
      width: 140,
      render: (v: string | null) => (v ? parseTime(v, 'YYYY-MM-DD HH:mm') : <span className="dy-muted">尚未收到</span>),
    },
    {
      title: 'open_id',
      dataIndex: 'openId',
      width: 150,
      render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }} copyable={{ text: v, tooltips: ['复制', '已复制'] }}>{v}</Typography.Text>,
    },
    {
      title: '授权范围',
      dataIndex: 'scopes',
      width: 150,
      render: (v: string) => dash(v && <Typography.Text ellipsis={{ tooltip: v.split(',').join('、') }}>{v.split(',').join('、')}</Typography.Text>),
    },
    { title: '操作', key: 'actions', align: 'center', fixed: 'right', width: 170, render: (_, row) => <ActionsCell row={row} h={h} /> },
  ];
}
