import { Button, Tooltip, type TableColumnType } from 'antd';
import type { ApplyRow } from '../../../../api/crm/apply';
import { HasPermi } from '../../../../components/HasPermi';
import { sortableColumn, type ListSort } from '../../../../components/ListPage';
import { parseTime } from '../../../../utils/ruoyi';
import LeadStatusTag from '../../customerLeave/components/LeadStatusTag';
import ApplyStatusTag from './ApplyStatusTag';
import { PERM } from './applyLabels';

/** What the 操作 links open. */
export interface ApplyHandlers {
  detail(row: ApplyRow): void;
  handle(row: ApplyRow): void;
  remove(row: ApplyRow): void;
}

type Column = TableColumnType<ApplyRow> & { key: string };

const dash = (v: string | null | undefined) => v || '-';

function Applicant({ row }: { row: ApplyRow }) {
  return (
    <div className="apply-who">
      <strong>{row.name}</strong>
      <span>{row.phone}</span>
    </div>
  );
}

function Lead({ row }: { row: ApplyRow }) {
  if (!row.leadStatus) return <span className="apply-muted">-</span>;
  return (
    <span className="apply-lead">
      <LeadStatusTag status={row.leadStatus} />
      <span className="apply-muted">{row.leadOwnerName || '公海'}</span>
    </span>
  );
}

function Actions({ row, handlers }: { row: ApplyRow; handlers: ApplyHandlers }) {
  const link = (perm: string, label: string, onClick: () => void, danger = false) => (
    <HasPermi value={[`${PERM}:${perm}`]}>
      <Button type="link" size="small" danger={danger} onClick={onClick}>
        {label}
      </Button>
    </HasPermi>
  );
  return (
    <span className="apply-actions">
      {link('query', '详情', () => handlers.detail(row))}
      {link('edit', '处理', () => handlers.handle(row))}
      {link('remove', '删除', () => handlers.remove(row), true)}
    </span>
  );
}

export function applyColumns(handlers: ApplyHandlers, sort: ListSort): Column[] {
  return [
    { key: 'applicant', title: '申请人', width: 140, render: (_v, row) => <Applicant row={row} /> },
    { key: 'company', title: '公司名称', dataIndex: 'company', ellipsis: true, render: dash },
    {
      key: 'need',
      title: '需求描述',
      dataIndex: 'need',
      ellipsis: { showTitle: false },
      render: (v: string) => (v ? <Tooltip title={v}>{v}</Tooltip> : '-'),
    },
    sortableColumn<ApplyRow>({ key: 'status', title: '处理状态', align: 'center', width: 100, render: (_v, row) => <ApplyStatusTag status={row.status} /> }, sort),
    sortableColumn<ApplyRow>(
      {
        key: 'repeatCount',
        title: '重复申请',
        dataIndex: 'repeatCount',
        align: 'center',
        width: 100,
        render: (v: number) => (v > 0 ? <span className="apply-repeat">+{v}</span> : <span className="apply-muted">-</span>),
      },
      sort,
    ),
    { key: 'lead', title: '线索', align: 'center', width: 140, render: (_v, row) => <Lead row={row} /> },
    sortableColumn<ApplyRow>({ key: 'lastApplyTime', title: '申请时间', dataIndex: 'lastApplyTime', align: 'center', width: 140, render: (v: string) => parseTime(v, 'YYYY-MM-DD HH:mm') }, sort),
    { key: 'actions', title: '操作', align: 'center', fixed: 'right', width: 150, render: (_v, row) => <Actions row={row} handlers={handlers} /> },
  ];
}
