import { useState } from 'react';
import { Modal, Segmented, Table, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LEAD_EVENT_LABELS, PAGE_SIZE_DEFAULT } from '@acs/shared';
import { distributionLog, type DistributionLogRow, type DistributionRule } from '../../../../api/crm/distribution';
import Pagination from '../../../../components/Pagination';
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
  const [page, setPage] = useState({ page: 1, limit: PAGE_SIZE_DEFAULT });
  const query = useQuery({
    queryKey: ['crm/distribution/log', rule.ruleId, kind, page],
    queryFn: () => distributionLog(rule.ruleId, { pageNum: page.page, pageSize: page.limit, kind: kind === 'all' ? undefined : kind }),
    placeholderData: keepPreviousData,
  });
  return (
    <Modal open title={`分配记录 · ${rule.name}`} width={960} footer={null} onCancel={onClose} destroyOnHidden>
      <Segmented<Kind>
        aria-label="记录类型"
        options={KINDS}
        value={kind}
        onChange={(k) => {
          setKind(k);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<DistributionLogRow>
        rowKey="eventId"
        size="small"
        columns={columns}
        dataSource={query.data?.rows ?? []}
        loading={query.isFetching}
        pagination={false}
        tableLayout="fixed"
        locale={{ emptyText: '暂无分配记录' }}
      />
      <Pagination total={query.data?.total ?? 0} page={page.page} limit={page.limit} onChange={setPage} autoScroll={false} />
    </Modal>
  );
}
