import { Tag } from 'antd';
import { LEAD_STATUS_LABELS, type LeadStatus } from '@acs/shared';
import { LEAD_STATUS_COLORS } from './leadLabels';

export default function LeadStatusTag({ status }: { status: LeadStatus }) {
  return (
    <Tag color={LEAD_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {LEAD_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}
