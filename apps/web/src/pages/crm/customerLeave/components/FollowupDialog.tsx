import { useState } from 'react';
import { Alert, DatePicker, Form, Input, Modal, Radio, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CRM_TEXT_MAX, LEAD_STATUS_LABELS, type FollowupResult } from '@acs/shared';
import { addFollowup, type LeadRow } from '../../../../api/crm/lead';
import { toast } from '../../../../utils/feedback';
import LeadContact from './LeadContact';
import LeadHistory from './LeadHistory';
import LeadStatusTag from './LeadStatusTag';
import StatusMove from './StatusMove';
import { followupResultOptions } from './statusMoves';
import { useLeadDetail } from './useLeadDetail';
import { useFormName } from '../../../../components/ListPage/formName';

interface FollowupForm {
  result?: FollowupResult;
  note: string;
  nextContactTime?: Dayjs | null;
}

interface Props {
  lead: Pick<LeadRow, 'leadId' | 'status' | 'name' | 'phone' | 'phoneMasked' | 'wechat'>;
  onClose: () => void;
  /** The lead changed (a follow-up saved, a status moved): the list reloads. */
  onChanged: () => void;
}

const beforeToday = (d: Dayjs) => d.isBefore(dayjs().startOf('day'));

/** 跟进: record a result, a note and the next contact; move the status; the lead's history beside it. */
export default function FollowupDialog({ lead, onClose, onChanged }: Props) {
  const [form] = Form.useForm<FollowupForm>();
  const formName = useFormName('followup');
  const [saving, setSaving] = useState(false);
  const { detail, loading, reload } = useLeadDetail(lead.leadId);
  const status = detail?.status ?? lead.status;
  const results = followupResultOptions(status);
  const closed = results.every((r) => r.disabled);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await addFollowup(lead.leadId, {
        result: values.result!,
        note: values.note.trim(),
        nextContactTime: values.nextContactTime ? values.nextContactTime.format('YYYY-MM-DD HH:mm:ss') : undefined,
      });
      toast.success('跟进已记录');
      onChanged();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="线索跟进"
      width={960}
      okText="保存跟进"
      cancelText="取 消"
      okButtonProps={{ disabled: closed }}
      confirmLoading={saving}
      // A refusal has been shown by the request layer; the dialog stays open.
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="lead-followup">
        <div className="lead-followup-form">
          <div className="lead-followup-head">
            <LeadContact lead={detail ?? lead} />
            <LeadStatusTag status={status} />
          </div>
          {closed && <Alert type="info" showIcon title={`线索已是「${LEAD_STATUS_LABELS[status]}」，不能再跟进`} style={{ marginBottom: 12 }} />}
          <Form form={form} name={formName} layout="vertical" initialValues={{ note: '' }} disabled={closed}>
            <Form.Item label="跟进结果" name="result" rules={[{ required: true, message: '请选择跟进结果' }]}>
              <Radio.Group options={results} />
            </Form.Item>
            <Form.Item label="跟进内容" name="note" rules={[{ max: CRM_TEXT_MAX.followupNote, message: `跟进内容长度不能超过${CRM_TEXT_MAX.followupNote}个字符` }]}>
              <Input.TextArea aria-label="跟进内容" rows={4} maxLength={CRM_TEXT_MAX.followupNote} showCount placeholder="沟通要点、客户需求、异议…" />
            </Form.Item>
            <Form.Item
              label="下次联系时间"
              name="nextContactTime"
              rules={[{ validator: (_r, v?: Dayjs | null) => (!v || v.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error('下次联系时间必须晚于现在'))) }]}
            >
              <DatePicker aria-label="下次联系时间" showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={beforeToday} placeholder="选择时间" style={{ width: 220 }} />
            </Form.Item>
          </Form>
          <StatusMove
            leadId={lead.leadId}
            status={status}
            onChanged={() => {
              reload();
              onChanged();
            }}
          />
        </div>
        <div className="lead-followup-history">
          <Spin spinning={loading}>{detail ? <LeadHistory detail={detail} /> : <div style={{ minHeight: 120 }} />}</Spin>
        </div>
      </div>
    </Modal>
  );
}
