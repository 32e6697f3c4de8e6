import { CHANNEL_LABELS, LEAD_STATUS_LABELS, type LeadStatus } from '@acs/shared';
import { Empty, Tag } from 'antd';
import { Link } from 'react-router';
import { leadTitle, MY_LEADS_PATH, type LeadNotice } from '../../../api/crm/notify';

const STATUS_COLORS: Partial<Record<LeadStatus, string>> = { assigned: 'processing', contacted: 'success', converted: 'green', invalid: 'default' };

/** The latest leads given to me, each opening my leads in 客户留资. */
export default function MyLeads({ leads }: { leads: LeadNotice[] }) {
  if (leads.length === 0) return <Empty description="暂无分配给我的线索" />;
  return (
    <ul className="my-lead-rows">
      {leads.map((lead) => (
        <li key={lead.leadId}>
          <Link to={MY_LEADS_PATH}>
            <span className="my-lead-title">{leadTitle(lead)}</span>
            <Tag color={STATUS_COLORS[lead.status as LeadStatus]}>{LEAD_STATUS_LABELS[lead.status as LeadStatus] ?? lead.status}</Tag>
            <span className="my-lead-meta">
              {CHANNEL_LABELS[lead.channel as keyof typeof CHANNEL_LABELS] ?? lead.channel} · {lead.assignedTime ?? lead.capturedTime}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
