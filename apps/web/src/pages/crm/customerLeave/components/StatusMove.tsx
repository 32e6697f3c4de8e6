import { useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { CRM_TEXT_MAX, LEAD_STATUS_LABELS, type LeadStatus } from '@acs/shared';
import { changeLeadStatus, type ManualLeadStatus } from '../../../../api/crm/lead';
import { confirmDialog, toast } from '../../../../utils/feedback';
import { statusMoves } from './statusMoves';
import { useFormName } from '../../../../components/ListPage/formName';

interface Props {
  leadId: number;
  status: LeadStatus;
  onChanged: () => void;
}

/** 状态: move the lead by hand, offered only the moves the rule table allows from its status. */
export default function StatusMove({ leadId, status, onChanged }: Props) {
  const [form] = Form.useForm<{ status?: ManualLeadStatus; reason: string }>();
  const formName = useFormName('leadStatus');
  const [saving, setSaving] = useState(false);
  const moves = statusMoves(status);

  const submit = async () => {
    const values = await form.validateFields();
    const to = values.status!;
    const ok = await confirmDialog({ content: `确认将线索状态从「${LEAD_STATUS_LABELS[status]}」变为「${LEAD_STATUS_LABELS[to]}」吗？` });
    if (!ok) return;
    setSaving(true);
    try {
      await changeLeadStatus(leadId, to, values.reason.trim());
      toast.success('状态已变更');
      form.resetFields();
      onChanged();
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="lead-status-move" aria-label="状态变更">
      <h4>状态变更</h4>
      {moves.length === 0 ? (
        <span className="lead-muted">「{LEAD_STATUS_LABELS[status]}」是最终状态，不能再变更</span>
      ) : (
        <Form form={form} name={formName} initialValues={{ reason: '' }} className="lead-status-move-row">
          <Form.Item name="status" rules={[{ required: true, message: '请选择新状态' }]} style={{ width: 130 }}>
            <Select aria-label="新状态" placeholder="变为" options={moves} />
          </Form.Item>
          <Form.Item
            name="reason"
            style={{ flex: 1, minWidth: 0 }}
            rules={[
              { required: true, whitespace: true, message: '请填写变更原因' },
              { max: CRM_TEXT_MAX.reason, message: `原因长度不能超过${CRM_TEXT_MAX.reason}个字符` },
            ]}
          >
            <Input aria-label="变更原因" placeholder="变更原因（必填）" maxLength={CRM_TEXT_MAX.reason} />
          </Form.Item>
          {/* A refusal has been shown by the request layer. */}
          <Button loading={saving} onClick={() => void submit().catch(() => undefined)}>
            变更状态
          </Button>
        </Form>
      )}
    </section>
  );
}
