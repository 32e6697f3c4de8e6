import { Tag, Typography, type TableColumnType } from 'antd';
import { VARIABLE_SCOPE_LABELS, VARIABLE_TYPE_LABELS } from '@acs/shared';
import type { Variable } from '../../../../api/ai/variable';

type Column = TableColumnType<Variable>;

export const keyColumn: Column = {
  title: '变量键',
  dataIndex: 'varKey',
  width: 180,
  render: (key: string) => (
    <Typography.Text code copyable={{ text: `{{${key}}}`, tooltips: ['复制', '已复制'] }}>
      {`{{${key}}}`}
    </Typography.Text>
  ),
};

export const typeColumn: Column = {
  title: '类型',
  dataIndex: 'varType',
  width: 70,
  align: 'center',
  render: (t: Variable['varType']) => VARIABLE_TYPE_LABELS[t] ?? t,
};

export const scopeColumn: Column = {
  title: '范围',
  key: 'scope',
  width: 130,
  ellipsis: true,
  render: (_v, row) =>
    row.scope === 'agent' ? (
      <Tag color="blue">
        {VARIABLE_SCOPE_LABELS.agent}·{row.agentName ?? `#${row.agentId}`}
      </Tag>
    ) : (
      <Tag>{VARIABLE_SCOPE_LABELS.global}</Tag>
    ),
};

export const checkColumn: Column = {
  title: '校验',
  key: 'check',
  width: 90,
  ellipsis: true,
  render: (_v, row) => row.patternHint || row.pattern || <Typography.Text type="secondary">无</Typography.Text>,
};

export const usageColumn: Column = {
  title: '使用情况',
  key: 'usedBy',
  render: (_v, row) =>
    row.usedBy && row.usedBy.length > 0 ? (
      row.usedBy.map((u, i) => (
        <Tag key={`${u.agentId}-${u.where}-${i}`} color="green" style={{ marginBottom: 2 }}>
          {u.name}·{u.where}
        </Tag>
      ))
    ) : (
      <Typography.Text type="secondary">未使用</Typography.Text>
    ),
};
