import { Tag, Typography, type TableColumnType } from 'antd';
import { VARIABLE_SCOPE_LABELS, VARIABLE_TYPE_LABELS } from '@acs/shared';
import type { Variable } from '../../../../api/ai/variable';

type Column = TableColumnType<Variable>;

/** A tag that ends in an ellipsis inside its cell; the whole text is its tooltip. */
const FIT: React.CSSProperties = { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' };

export const keyColumn: Column = {
  title: '变量键',
  dataIndex: 'varKey',
  width: 190,
  ellipsis: true,
  render: (key: string) => (
    <Typography.Text code copyable={{ text: `{{${key}}}`, tooltips: ['复制', '已复制'] }} style={{ whiteSpace: 'nowrap' }} title={`{{${key}}}`}>
      {`{{${key}}}`}
    </Typography.Text>
  ),
};

export const typeColumn: Column = {
  title: '类型',
  dataIndex: 'varType',
  width: 60,
  align: 'center',
  render: (t: Variable['varType']) => VARIABLE_TYPE_LABELS[t] ?? t,
};

export const scopeColumn: Column = {
  title: '范围',
  key: 'scope',
  width: 110,
  ellipsis: true,
  render: (_v, row) =>
    row.scope === 'agent' ? (
      <>
        <Tag color="blue">{VARIABLE_SCOPE_LABELS.agent}</Tag>
        <Typography.Text ellipsis={{ tooltip: row.agentName }} style={{ display: 'block', fontSize: 12 }}>
          {row.agentName || `#${row.agentId}`}
        </Typography.Text>
      </>
    ) : (
      <Tag>{VARIABLE_SCOPE_LABELS.global}</Tag>
    ),
};

export const checkColumn: Column = {
  title: '校验',
  key: 'check',
  width: 70,
  ellipsis: true,
  render: (_v, row) => row.patternHint || row.pattern || <Typography.Text type="secondary">无</Typography.Text>,
};

export const usageColumn: Column = {
  title: '使用情况',
  key: 'usedBy',
  render: (_v, row) =>
    row.usedBy && row.usedBy.length > 0 ? (
      row.usedBy.map((u, i) => (
        <Tag key={`${u.agentId}-${u.where}-${i}`} color="green" style={{ ...FIT, marginBottom: 2 }} title={`${u.name}·${u.where}`}>
          {u.name}·{u.where}
        </Tag>
      ))
    ) : (
      <Typography.Text type="secondary">未使用</Typography.Text>
    ),
};
