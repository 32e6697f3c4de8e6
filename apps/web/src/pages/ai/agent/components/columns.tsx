import type { ReactNode } from 'react';
import { Avatar, Space, Tag, Typography, type TableColumnType } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { CHANNEL_LABELS } from '@acs/shared';
import type { AgentRow } from '../../../../api/ai/agent';
import { toDisplayUrl } from '../../../../components/upload/url';
import { parseTime } from '../../../../utils/ruoyi';
import AgentRowActions, { type AgentRowHandlers } from './AgentRowActions';
import { AgentStatusTag } from './status';

export type AgentColumn = TableColumnType<AgentRow> & { key: string };

/** Columns the chooser can hide (名称 and 操作 always show). */
export const CHOOSABLE = [
  { key: 'status', label: '状态' },
  { key: 'model', label: '模型' },
  { key: 'channels', label: '绑定渠道' },
  { key: 'todayConversations', label: '今日会话' },
  { key: 'todayLeads', label: '今日留资' },
  { key: 'counts', label: '回复规则/知识' },
  { key: 'updateTime', label: '更新时间' },
];

const center = (key: string, title: string, width: number, render: (row: AgentRow) => ReactNode): AgentColumn => ({
  key,
  title,
  width,
  align: 'center',
  render: (_v, row) => render(row),
});

export function agentColumns(handlers: AgentRowHandlers): AgentColumn[] {
  return [
    {
      key: 'name',
      title: '名称',
      ellipsis: true,
      render: (_v, row) => (
        <Space>
          <Avatar size="small" src={row.avatar ? toDisplayUrl(row.avatar) : undefined} icon={<RobotOutlined />} />
          <Typography.Text ellipsis={{ tooltip: row.name }}>{row.name}</Typography.Text>
        </Space>
      ),
    },
    center('status', '状态', 76, (row) => <AgentStatusTag status={row.status} />),
    {
      key: 'model',
      title: '模型',
      ellipsis: true,
      render: (_v, row) => (row.providerId === null ? row.providerName || '内置引擎' : `${row.providerName} · ${row.model}`),
    },
    {
      key: 'channels',
      title: '绑定渠道',
      render: (_v, row) =>
        row.channels.length === 0 ? (
          <Typography.Text type="secondary">未绑定</Typography.Text>
        ) : (
          row.channels.map((c) => (
            <Tag key={c.accountId} style={{ marginBottom: 2 }}>
              {CHANNEL_LABELS[c.platform]}·{c.name}
            </Tag>
          ))
        ),
    },
    center('todayConversations', '今日会话', 76, (row) => row.todayConversations),
    center('todayLeads', '今日留资', 76, (row) => row.todayLeads),
    center('counts', '规则/知识', 90, (row) => `${row.ruleCount} / ${row.knowledgeCount}`),
    center('updateTime', '更新时间', 160, (row) => parseTime(row.updateTime ?? row.createTime)),
    {
      key: 'actions',
      title: '操作',
      width: 236,
      align: 'center',
      fixed: 'right',
      render: (_v, row) => <AgentRowActions row={row} handlers={handlers} />,
    },
  ];
}
