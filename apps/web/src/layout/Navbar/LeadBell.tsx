import { SolutionOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Popover } from 'antd';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  getLeadSummary,
  LEAD_ASSIGNED_EVENT,
  LEAD_STREAM_URL,
  LEAD_SUMMARY_KEY,
  leadTitle,
  MY_LEADS_PATH,
  type LeadAssignedEvent,
  type LeadSummary,
} from '../../api/crm/notify';
import { WORKBENCH_KEY } from '../../api/crm/workbench';
import type { AjaxResult } from '../../types/api';
import { useEventStream } from '../../hooks/useEventStream';
import { notifyInfo } from '../../utils/feedback';
import CountBadge from './CountBadge';
import './leadBell.css';

const EVENTS = [LEAD_ASSIGNED_EVENT];
/** Leads listed in the popover, as the server's summary does. */
const LATEST = 5;
/** A lead followed up on another screen leaves the count within this long. */
const REFRESH_MS = 60_000;
const newLeadsLabel = (count: number) => `${count} 条新线索`;

/** The summary with a just-assigned lead counted and listed first (once, however often it is announced). */
function withLead(summary: AjaxResult<LeadSummary> | undefined, event: LeadAssignedEvent): AjaxResult<LeadSummary> | undefined {
  const data = summary?.data;
  if (!summary || !data) return summary;
  const known = data.latest.some((l) => l.leadId === event.lead.leadId);
  return {
    ...summary,
    data: {
      ...data,
      newCount: data.newCount + (known ? 0 : 1),
      latest: [event.lead, ...data.latest.filter((l) => l.leadId !== event.lead.leadId)].slice(0, LATEST),
    },
  };
}

/**
 * My new leads in the top bar (for users who hold crm:lead:list): a count, the newest in a popover and
 * a short notification when one arrives, live over GET /crm/notify/stream. The workbench's numbers are
 * refreshed from the same stream.
 */
export default function LeadBell() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const connectedBefore = useRef(false);

  const state = useEventStream(LEAD_STREAM_URL, EVENTS, {
    onOpen: () => {
      // Whatever was announced while the stream was down is read again.
      void queryClient.invalidateQueries({ queryKey: LEAD_SUMMARY_KEY });
      if (connectedBefore.current) void queryClient.invalidateQueries({ queryKey: WORKBENCH_KEY });
      connectedBefore.current = true;
    },
    onEvent: (_event, data) => {
      const event = data as LeadAssignedEvent;
      queryClient.setQueryData<AjaxResult<LeadSummary>>(LEAD_SUMMARY_KEY, (summary) => withLead(summary, event));
      void queryClient.invalidateQueries({ queryKey: WORKBENCH_KEY });
      notifyInfo({ title: `新线索：${leadTitle(event.lead)}`, description: event.lead.reason, onClick: () => navigate(MY_LEADS_PATH) });
    },
  });
  // Read once the stream is listening (or could not be reached), so nothing falls between the two.
  const { data } = useQuery({ queryKey: LEAD_SUMMARY_KEY, queryFn: getLeadSummary, enabled: state !== 'connecting', refetchInterval: REFRESH_MS });
  const summary = data?.data;
  const latest = summary?.latest ?? [];
  const close = () => setOpen(false);

  const list = (
    <div className="lead-bell-list">
      {latest.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无新线索" />}
      {latest.map((lead) => (
        <Link key={lead.leadId} to={MY_LEADS_PATH} className="lead-bell-item" onClick={close}>
          <span className="lead-bell-item-title">{leadTitle(lead)}</span>
          <span className="lead-bell-item-time">{lead.assignedTime ?? lead.capturedTime}</span>
          {lead.reason && <span className="lead-bell-item-reason">{lead.reason}</span>}
        </Link>
      ))}
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={
        <div className="lead-bell-head">
          <span>
            我的新线索
            {summary && summary.overdueCount > 0 && <span className="lead-bell-overdue">（{summary.overdueCount} 条已超时）</span>}
          </span>
          <Link to={MY_LEADS_PATH} onClick={close}>
            查看全部
          </Link>
        </div>
      }
      content={list}
    >
      <button type="button" className="navbar-icon" aria-label="新线索" title="新线索">
        <CountBadge count={summary?.newCount ?? 0} label={newLeadsLabel}>
          <SolutionOutlined />
        </CountBadge>
      </button>
    </Popover>
  );
}
