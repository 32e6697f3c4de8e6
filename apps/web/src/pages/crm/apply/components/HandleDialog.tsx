import { useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import type { ApplyStatus } from '@acs/shared';
import { handleApply, type ApplyRow } from '../../../../api/crm/apply';
import { toast } from '../../../../utils/feedback';
import { APPLY_STATUS_OPTIONS } from './applyLabels';

const NOTE_MAX = 500;

interface HandleForm {
  status: ApplyStatus;
  handleNote: string;
}

interface Props {
  row: ApplyRow;
  onClose: () => void;
  onDone: () => void;
}

/** 处理: the status of the application and a note on what was done. */
export default function HandleDialog({ row, onClose, onDone }: Props) {
  const [form] = Form.useForm<HandleForm>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await handleApply({ applyId: row.applyId, status: values.status, handleNote: values.handleNote.trim() });
      toast.success('处理成功');
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`处理申请：${row.name}`}
      width={520}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={saving}
      // A refusal has been shown by the request layer; the dialog stays open.
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ status: row.status === 'new' ? 'handled' : row.status, handleNote: row.handleNote }}>
        <Form.Item label="处理状态" name="status" rules={[{ required: true, message: '请选择处理状态' }]}>
          <Radio.Group options={APPLY_STATUS_OPTIONS} />
        </Form.Item>
        <Form.Item label="处理说明" name="handleNote" rules={[{ max: NOTE_MAX, message: `处理说明长度不能超过${NOTE_MAX}个字符` }]}>
          <Input.TextArea aria-label="处理说明" rows={4} maxLength={NOTE_MAX} showCount placeholder="联系结果、后续安排…" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
