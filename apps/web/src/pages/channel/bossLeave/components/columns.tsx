import type { ReactNode } from 'react';
import { Tooltip, Typography, type TableColumnType } from 'antd';
import type { BossLeadRow } from '../../../../api/channel/bossLeave';
import { sortableColumn, type ListSort } from '../../../../components/ListPage';
import { capturedTimeColumn, leadActionsColumn, type LeadHandlers } from '../../../crm/customerLeave/components/columns';
import LeadStatusTag from '../../../crm/customerLeave/components/LeadStatusTag';
import { ExchangeTag } from './labels';

export type BossLeadColumn = TableColumnType<BossLeadRow> & { key: string };
export type BossLeadHandlers = LeadHandlers<BossLeadRow>;

/** Columns the chooser can hide (候选人 and 操作 always show). */
export const CHOOSABLE = [
  { key: 'job', label: '应聘职位' },
  { key: 'bossUid', label: 'BOSS ID' },
  { key: 'expectation', label: '期望薪资/城市' },
  { key: 'contact', label: '联系方式' },
  { key: 'exchangeStatus', label: '交换状态/简历' },
  { key: 'status', label: '线索状态' },
  { key: 'ownerName', label: '负责人' },
  { key: 'capturedTime', label: '留资时间' },
];

const muted = (text: ReactNode) => <span className="lead-muted">{text}</span>;
const orDash = (v: string | null | undefined) => v || muted('-');

/** A lead of the pool (公海): nobody owns it yet, so it is claimed rather than followed up. */
const inPool = (row: BossLeadRow) => row.ownerId === null && row.status === 'new';

/** The phone as the server sent it: masked for users without crm:customer:phone, as in 客户留资. */
function Phone({ row }: { row: BossLeadRow }) {
  if (row.phone) return <span>{row.phone}</span>;
  if (row.phoneMasked) {
    return (
      <Tooltip title="无查看完整手机号的权限，或候选人给出的号码已打码">
        <Typography.Text type="secondary">{row.phoneMasked}</Typography.Text>
      </Tooltip>
    );
  }
  return muted('-');
}

/** A labelled line of a two-line cell: 手机 138…, 微信 wx_id. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="boss-lead-line">
      <span className="lead-muted">{label}</span>
      {children}
    </div>
  );
}

/** The columns of BOSS留资: the candidate's profile from the chat, then the lead's lifecycle as in 客户留资. */
export function bossLeadColumns(handlers: BossLeadHandlers, sort: ListSort): BossLeadColumn[] {
  return [
    {
      // No width: the candidate takes what the other columns leave.
      key: 'name',
      title: '候选人',
      render: (_v, row) => (
        <div className="lead-two-lines">
          <Typography.Text strong ellipsis={{ tooltip: row.name }}>
            {row.name || '未留姓名'}
          </Typography.Text>
          {muted([row.experience, row.education].filter(Boolean).join(' · ') || '经验、学历未知')}
        </div>
      ),
    },
    {
      key: 'job',
      title: '应聘职位',
      width: 130,
      render: (_v, row) => (
        <div className="lead-two-lines">
          <Typography.Text ellipsis={{ tooltip: row.jobTitle }}>{row.jobTitle || '未匹配职位'}</Typography.Text>
          <Typography.Text className="lead-muted" ellipsis={{ tooltip: row.recruiterName }}>
            {row.recruiterName}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'bossUid', title: 'BOSS ID', dataIndex: 'bossUid', align: 'center', width: 100, ellipsis: true, render: (v: string) => orDash(v) },
    {
      key: 'expectation',
      title: '期望薪资/城市',
      align: 'center',
      width: 104,
      render: (_v, row) => (
        <div className="lead-two-lines">
          <span>{orDash(row.expectedSalary)}</span>
          {muted(row.city || '-')}
        </div>
      ),
    },
    {
      key: 'contact',
      title: '联系方式',
      width: 150,
      render: (_v, row) => (
        <>
          <Line label="手机">
            <Phone row={row} />
          </Line>
          <Line label="微信">
            <Typography.Text ellipsis={{ tooltip: row.wechat }}>{orDash(row.wechat)}</Typography.Text>
          </Line>
        </>
      ),
    },
    {
      key: 'exchangeStatus',
      title: '交换状态',
      align: 'center',
      width: 92,
      render: (_v, row) => (
        <div className="lead-two-lines boss-lead-center">
          <ExchangeTag status={row.exchangeStatus} />
          {row.resumeReceived ? <span className="boss-lead-resume">简历已收到</span> : muted('简历未收到')}
        </div>
      ),
    },
    sortableColumn<BossLeadRow>({ key: 'status', title: '线索状态', align: 'center', width: 90, render: (_v, row) => <LeadStatusTag status={row.status} /> }, sort),
    { key: 'ownerName', title: '负责人', dataIndex: 'ownerName', align: 'center', width: 80, ellipsis: true, render: (v: string | null) => v || muted('公海') },
    capturedTimeColumn<BossLeadRow>(sort),
    leadActionsColumn(handlers, inPool),
  ];
}
