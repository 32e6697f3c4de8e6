import { useState } from 'react';
import { Segmented, Tag, type TableColumnsType } from 'antd';
import { LEAD_EVENT_LABELS } from '@acs/shared';
import { distributionLog, type DistributionLogRow, type DistributionRule } from '../../../../api/crm/distribution';
import PagedTableDialog from '../../../../components/PagedTableDialog';
import { parseTime } from '../../../../utils/ruoyi';
import { operatorLabel } from '../../customerLeave/components/leadLabels';

type Kind = 'all' | 'assign' | 'reclaim';
const KINDS: { value: Kind; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'assign', label: '分配' },
  { value: 'reclaim', label: '回收' },
];

const columns: TableColumnsType<DistributionLogRow> = [
  { title: '时间', dataIndex: 'createTime', width: 160, render: (v: string) => parseTime(v) },
  { title: '类型', dataIndex: 'kind', width: 70, align: 'center', render: (k: DistributionLogRow['kind']) => <Tag color={k === 'reclaim' ? 'orange' : 'blue'}>{LEAD_EVENT_LABELS[k] ?? k}</Tag> },
  { title: '线索', key: 'lead', width: 130, ellipsis: true, render: (_v, row) => (row.leadId === null ? '-' : `${row.leadName || '未留姓名'}（${row.leadId}）`) },
  {
    title: '负责人',
    key: 'owner',
    width: 150,
    ellipsis: true,
    render: (_v, row) => `${row.fromOwnerName || '公海'} → ${row.toOwnerName || '公海'}`,
  },
  { title: '原因', dataIndex: 'reason', ellipsis: { showTitle: true } },
  { title: '操作人', dataIndex: 'operatorName', width: 80, align: 'center', render: (v: string) => operatorLabel(v) },
];

/** 分配记录: every assignment and reclaim the rule made, with its reason, newest first. */
export default function LogDialog({ rule, onClose }: { rule: Pick<DistributionRule, 'ruleId' | 'name'>; onClose: () => void }) {
  const [kind, setKind] = useState<Kind>('all');
  return (
    <PagedTableDialog<DistributionLogRow>
      title={`分配记录 · ${rule.name}`}
      onClose={onClose}
      queryKey={['crm/distribution/log', rule.ruleId, kind]}
      fetch={(page) => distributionLog(rule.ruleId, { ...page, kind: kind === 'all' ? undefined : kind })}
      rowKey="eventId"
      columns={columns}
      emptyText="暂无分配记录"
    >
      <Segmented<Kind> aria-label="记录类型" options={KINDS} value={kind} onChange={setKind} style={{ marginBottom: 12 }} />
    </PagedTableDialog>
  );
}
