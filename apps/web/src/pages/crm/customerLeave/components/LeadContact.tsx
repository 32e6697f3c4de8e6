import { Typography } from 'antd';
import type { LeadRow } from '../../../../api/crm/lead';

/** The captured name, phone and WeChat in one compact cell; a phone the user may not see shows masked. */
export default function LeadContact({ lead }: { lead: Pick<LeadRow, 'name' | 'phone' | 'phoneMasked' | 'wechat'> }) {
  const phone = lead.phone || lead.phoneMasked;
  return (
    <div className="lead-contact">
      <Typography.Text strong ellipsis={{ tooltip: lead.name }}>
        {lead.name || '未留姓名'}
      </Typography.Text>
      {phone && <span className="lead-contact-line">手机 {phone}</span>}
      {lead.wechat && (
        <Typography.Text className="lead-contact-line" ellipsis={{ tooltip: lead.wechat }}>
          微信 {lead.wechat}
        </Typography.Text>
      )}
    </div>
  );
}
