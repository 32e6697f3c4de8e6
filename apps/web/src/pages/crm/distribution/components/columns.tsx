import { Space, Tag, Tooltip, Typography, type TableColumnType } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { CHANNEL_LABELS, DISTRIBUTION_METHOD_LABELS, LEAD_SOURCE_LABELS, RECLAIM_TARGET_LABELS, type Channel } from '@acs/shared';
import type { DistributionRule } from '../../../../api/crm/distribution';

export type RuleColumn = TableColumnType<DistributionRule> & { key: string };

/** 全部, or what the rule is limited to: 渠道 网页、抖音 · 客服 2 个 · 来源 官网申请. */
export function scopeSummary(scope: DistributionRule['scope'], agentName: (id: number) => string | undefined): string {
  const parts: string[] = [];
  if (scope.channels.length) parts.push(`渠道 ${scope.channels.map((c) => CHANNEL_LABELS[c as Channel] ?? c).join('、')}`);
  if (scope.agentIds.length) {
    const names = scope.agentIds.map((id) => agentName(id));
    parts.push(names.every(Boolean) ? `客服 ${names.join('、')}` : `客服 ${scope.agentIds.length} 个`);
  }
  if (scope.sources.length) parts.push(`来源 ${scope.sources.map((s) => LEAD_SOURCE_LABELS[s] ?? s).join('、')}`);
  return parts.length ? parts.join(' · ') : '全部';
}

/** The rule columns before 状态 and 操作 (the page adds those, they need its state). */
export function ruleColumns(agentName: (id: number) => string | undefined): RuleColumn[] {
  return [
    {
      key: 'name',
      title: '规则名称',
      ellipsis: true,
      render: (_v, row) => (
        <Space size={4}>
          <Typography.Text ellipsis={{ tooltip: row.name }}>{row.name}</Typography.Text>
          {row.webhookError && (
            <Tooltip title={`通知失败：${row.webhookError}`}>
              <WarningFilled className="dist-webhook-error" aria-label="通知失败" role="img" />
            </Tooltip>
          )}
        </Space>
      ),
    },
    { key: 'priority', title: '优先级', dataIndex: 'priority', align: 'center', width: 64 },
    {
      key: 'scope',
      title: '适用范围',
      ellipsis: true,
      render: (_v, row) => {
        const text = scopeSummary(row.scope, agentName);
        return text === '全部' ? <Tag>全部</Tag> : <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>;
      },
    },
    { key: 'method', title: '分配方式', dataIndex: 'method', align: 'center', width: 108, render: (v: DistributionRule['method']) => DISTRIBUTION_METHOD_LABELS[v] ?? v },
    {
      key: 'members',
      title: '成员',
      align: 'center',
      width: 80,
      render: (_v, row) => (
        <Tooltip title={row.members.map((m) => m.nickName).join('、') || '没有成员'}>
          <div className="dist-two-lines">
            <span>{row.members.length} 人</span>
            <span className="dist-muted">今日 {row.todayAssigned}</span>
          </div>
        </Tooltip>
      ),
    },
    {
      key: 'firstContactMinutes',
      title: '首次联系',
      dataIndex: 'firstContactMinutes',
      align: 'center',
      width: 84,
      render: (v: number) => (v ? `${v}分钟` : '不限'),
    },
    {
      key: 'reclaim',
      title: '回收',
      align: 'center',
      width: 112,
      render: (_v, row) =>
        row.reclaimMinutes ? (
          <div className="dist-two-lines">
            <span>{row.reclaimMinutes}分钟后</span>
            <span className="dist-muted">{RECLAIM_TARGET_LABELS[row.reclaimTo]}</span>
          </div>
        ) : (
          '不回收'
        ),
    },
  ];
}
