import { Button, type TableColumnType } from 'antd';
import { CHANNEL_LABELS, LEAD_SOURCE_LABELS } from '@acs/shared';
import type { LeadRow } from '../../../../api/crm/lead';
import { HasPermi } from '../../../../components/HasPermi';
import { sortableColumn, type ListSort } from '../../../../components/ListPage';
import { parseTime } from '../../../../utils/ruoyi';
import Deadline from './Deadline';
import LeadContact from './LeadContact';
import LeadStatusTag from './LeadStatusTag';
import { shortTime } from './leadLabels';

export type LeadColumn = TableColumnType<LeadRow> & { key: string };

/** What the 操作 links open; BOSS留资 passes its own rows. */
export interface LeadHandlers<R = LeadRow> {
  chat(row: R): void;
  assign(rows: R[]): void;
  followup(row: R): void;
  detail(row: R): void;
  claim(rows: R[]): void;
}

/** Columns the chooser can hide (线索 and 操作 always show). */
export const CHOOSABLE = [
  { key: 'channel', label: '渠道' },
  { key: 'agentName', label: 'AI客服' },
  { key: 'customerName', label: '客户' },
  { key: 'status', label: '状态' },
  { key: 'ownerName', label: '负责人' },
  { key: 'firstContactDeadline', label: '首次联系期限' },
  { key: 'capturedTime', label: '留资时间' },
];

/** 聊天记录 / 分配 / 跟进 (领取 in the pool) / 详情 of one lead. */
function LeadRowActions<R extends Pick<LeadRow, 'conversationId'>>({ row, inPool, handlers }: { row: R; inPool: boolean; handlers: LeadHandlers<R> }) {
  const link = (perm: string, label: string, onClick: () => void, disabled = false) => (
    <HasPermi value={[perm]}>
      <Button type="link" size="small" className="lead-action" disabled={disabled} onClick={onClick}>
        {label}
      </Button>
    </HasPermi>
  );
  return (
    <span className="lead-actions">
      {link('crm:lead:query', '聊天记录', () => handlers.chat(row), row.conversationId === null)}
      {link('crm:lead:assign', '分配', () => handlers.assign([row]))}
      {inPool ? link('crm:lead:claim', '领取', () => handlers.claim([row])) : link('crm:lead:followup', '跟进', () => handlers.followup(row))}
      {link('crm:lead:query', '详情', () => handlers.detail(row))}
    </span>
  );
}

/** 留资时间, sorted by the server; shared with BOSS留资. */
export function capturedTimeColumn<R extends Pick<LeadRow, 'capturedTime'>>(sort: ListSort): TableColumnType<R> & { key: string } {
  return sortableColumn<R>(
    { key: 'capturedTime', title: '留资时间', dataIndex: 'capturedTime', align: 'center', width: 112, render: (v: string) => <span title={parseTime(v)}>{shortTime(v)}</span> },
    sort,
  );
}

/** 操作 of a lead row, pinned right; `inPool` rows offer 领取 where the others offer 跟进. Shared with BOSS留资. */
export function leadActionsColumn<R extends Pick<LeadRow, 'conversationId'>>(handlers: LeadHandlers<R>, inPool: (row: R) => boolean): TableColumnType<R> & { key: string } {
  return {
    key: 'actions',
    title: '操作',
    align: 'center',
    fixed: 'right',
    width: 196,
    render: (_v, row) => <LeadRowActions row={row} inPool={inPool(row)} handlers={handlers} />,
  };
}

/** The columns of 客户留资; in 公海 the row offers 领取 where the others offer 跟进. */
export function leadColumns(handlers: LeadHandlers, sort: ListSort, inPool: boolean): LeadColumn[] {
  return [
    { key: 'lead', title: '线索', width: 150, render: (_v, row) => <LeadContact lead={row} /> },
    {
      key: 'channel',
      title: '渠道',
      align: 'center',
      width: 90,
      render: (_v, row) => (
        <div className="lead-two-lines">
          <span>{CHANNEL_LABELS[row.channel] ?? row.channel}</span>
          <span className="lead-muted">{LEAD_SOURCE_LABELS[row.source] ?? row.source}</span>
        </div>
      ),
    },
    { key: 'agentName', title: 'AI客服', dataIndex: 'agentName', align: 'center', ellipsis: true, render: (v: string | null) => v || '-' },
    { key: 'customerName', title: '客户', dataIndex: 'customerName', align: 'center', ellipsis: true, render: (v: string) => v || '-' },
    sortableColumn<LeadRow>({ key: 'status', title: '状态', align: 'center', width: 84, render: (_v, row) => <LeadStatusTag status={row.status} /> }, sort),
    { key: 'ownerName', title: '负责人', dataIndex: 'ownerName', align: 'center', ellipsis: true, render: (v: string | null) => v || <span className="lead-muted">公海</span> },
    sortableColumn<LeadRow>(
      { key: 'firstContactDeadline', title: '首次联系期限', align: 'center', width: 124, render: (_v, row) => <Deadline deadline={row.firstContactDeadline} overdue={row.overdue} /> },
      sort,
    ),
    capturedTimeColumn<LeadRow>(sort),
    leadActionsColumn(handlers, () => inPool),
  ];
}
