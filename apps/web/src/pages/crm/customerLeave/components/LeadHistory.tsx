import { Empty, Tabs, Tag, Timeline } from 'antd';
import { FOLLOWUP_RESULT_LABELS, LEAD_EVENT_LABELS, LEAD_STATUS_LABELS } from '@acs/shared';
import type { LeadDetail, LeadEvent, LeadFollowup } from '../../../../api/crm/lead';
import { parseTime } from '../../../../utils/ruoyi';
import { operatorLabel } from './leadLabels';

const RESULT_COLORS: Record<LeadFollowup['result'], string> = {
  contacted: 'blue',
  no_answer: 'gray',
  interested: 'green',
  converted: 'green',
  invalid: 'red',
};

/** The server lists history oldest first (by time, then id: one second can hold a capture and its assignment). */
const newestFirst = <T,>(items: T[]) => [...items].reverse();

function Stamp({ who, time }: { who: string; time: string }) {
  return (
    <div className="lead-history-stamp">
      {who} · {parseTime(time)}
    </div>
  );
}

function followupItem(f: LeadFollowup) {
  return {
    key: f.followupId,
    color: RESULT_COLORS[f.result],
    content: (
      <>
        <Tag color={RESULT_COLORS[f.result]}>{FOLLOWUP_RESULT_LABELS[f.result] ?? f.result}</Tag>
        {f.note && <div className="lead-history-text">{f.note}</div>}
        {f.nextContactTime && <div className="lead-history-next">下次联系：{parseTime(f.nextContactTime, 'YYYY-MM-DD HH:mm')}</div>}
        <Stamp who={f.userName} time={f.createTime} />
      </>
    ),
  };
}

/** The change an event made, in words: 已分配 → 已联系, 张三 → 李四. */
function eventChange(e: LeadEvent): string {
  const parts: string[] = [];
  if (e.toStatus && e.fromStatus !== e.toStatus) {
    parts.push(e.fromStatus ? `${LEAD_STATUS_LABELS[e.fromStatus]} → ${LEAD_STATUS_LABELS[e.toStatus]}` : LEAD_STATUS_LABELS[e.toStatus]);
  }
  if ((e.fromOwnerName || e.toOwnerName) && e.fromOwnerName !== e.toOwnerName) {
    parts.push(`负责人 ${e.fromOwnerName || '公海'} → ${e.toOwnerName || '公海'}`);
  }
  return parts.join('，');
}

function eventItem(e: LeadEvent) {
  const change = eventChange(e);
  return {
    key: e.eventId,
    content: (
      <>
        <strong>{LEAD_EVENT_LABELS[e.kind] ?? e.kind}</strong>
        {change && <span className="lead-history-change">{change}</span>}
        {e.reason && <div className="lead-history-text">{e.reason}</div>}
        <Stamp who={operatorLabel(e.operatorName)} time={e.createTime} />
      </>
    ),
  };
}

/**
 * A lead's 跟进记录 and 线索动态 (every capture, assignment, reclaim and status change with its reason),
 * newest first; shared by the 跟进 dialog and the 详情 drawer.
 */
export default function LeadHistory({ detail }: { detail: Pick<LeadDetail, 'events' | 'followups'> }) {
  const followups = newestFirst(detail.followups);
  const events = newestFirst(detail.events);
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'followups',
          label: `跟进记录（${followups.length}）`,
          children: followups.length ? <Timeline items={followups.map(followupItem)} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无跟进记录" />,
        },
        {
          key: 'events',
          label: `线索动态（${events.length}）`,
          children: events.length ? <Timeline items={events.map(eventItem)} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无动态" />,
        },
      ]}
    />
  );
}
