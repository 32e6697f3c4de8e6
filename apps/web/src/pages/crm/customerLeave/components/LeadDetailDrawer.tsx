import { Descriptions, Drawer, Spin, Tag } from 'antd';
import { CHANNEL_LABELS, LEAD_FIELD_LABELS, LEAD_SOURCE_LABELS } from '@acs/shared';
import type { LeadDetail } from '../../../../api/crm/lead';
import { parseTime } from '../../../../utils/ruoyi';
import Deadline from './Deadline';
import LeadHistory from './LeadHistory';
import LeadStatusTag from './LeadStatusTag';
import { useLeadDetail } from './useLeadDetail';

const dash = (v: string | null | undefined) => v || '-';

function Fields({ lead }: { lead: LeadDetail }) {
  if (lead.fields.length === 0) return <span className="lead-muted">-</span>;
  return (
    <div className="lead-fields">
      {lead.fields.map((f) => (
        <div key={`${f.field}-${f.value}`}>
          <Tag color="gold">
            {LEAD_FIELD_LABELS[f.field]}：{f.value}
            {f.masked ? '（打码）' : ''}
          </Tag>
          {f.evidence && <span className="lead-muted">依据“{f.evidence}”</span>}
        </div>
      ))}
    </div>
  );
}

/** 详情: the lead's fields, where and when it was captured, who owns it, and its history. */
export default function LeadDetailDrawer({ leadId, onClose }: { leadId: number; onClose: () => void }) {
  const { detail: d, loading } = useLeadDetail(leadId);
  return (
    <Drawer open title="线索详情" size={720} onClose={onClose} destroyOnHidden>
      <Spin spinning={loading}>
        {d && (
          <>
            <Descriptions column={2} bordered size="small">
              <Descriptions.Item label="姓名">{dash(d.name)}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <LeadStatusTag status={d.status} />
              </Descriptions.Item>
              <Descriptions.Item label="手机号">{dash(d.phone || d.phoneMasked)}</Descriptions.Item>
              <Descriptions.Item label="微信号">{dash(d.wechat)}</Descriptions.Item>
              <Descriptions.Item label="客户">{dash(d.customerName)}</Descriptions.Item>
              <Descriptions.Item label="负责人">{d.ownerName || '公海'}</Descriptions.Item>
              <Descriptions.Item label="渠道">{CHANNEL_LABELS[d.channel] ?? d.channel}</Descriptions.Item>
              <Descriptions.Item label="来源">{LEAD_SOURCE_LABELS[d.source] ?? d.source}</Descriptions.Item>
              <Descriptions.Item label="AI客服">{dash(d.agentName)}</Descriptions.Item>
              <Descriptions.Item label="留资时间">{parseTime(d.capturedTime)}</Descriptions.Item>
              <Descriptions.Item label="首次联系期限">
                <Deadline deadline={d.firstContactDeadline} overdue={d.overdue} />
              </Descriptions.Item>
              <Descriptions.Item label="下次联系">{dash(parseTime(d.nextContactTime, 'YYYY-MM-DD HH:mm'))}</Descriptions.Item>
              {d.duplicateOf && <Descriptions.Item label="重复于">线索 {d.duplicateOf}</Descriptions.Item>}
              <Descriptions.Item label="留资字段" span={2}>
                <Fields lead={d} />
              </Descriptions.Item>
              {d.remark && (
                <Descriptions.Item label="备注" span={2}>
                  {d.remark}
                </Descriptions.Item>
              )}
            </Descriptions>
            <div className="lead-detail-history">
              <LeadHistory detail={d} />
            </div>
          </>
        )}
      </Spin>
    </Drawer>
  );
}
