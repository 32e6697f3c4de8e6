import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AgentTemplate } from '@acs/shared';
import { addAgent, agentTemplates } from '../../../../../api/ai/agent';
import { toast } from '../../../../../utils/feedback';
import TemplateCards from './TemplateCards';

interface CreateAgentDialogProps {
  onClose: () => void;
  /** With the new agent, whose settings open next. */
  onCreated: (agent: { agentId: number; name: string }) => void;
}

interface CreateValues {
  name: string;
  template: AgentTemplate;
}

/** 新建客服: a name and a template; the template fills the settings, rules and knowledge. */
export default function CreateAgentDialog({ onClose, onCreated }: CreateAgentDialogProps) {
  const [form] = Form.useForm<CreateValues>();
  const [saving, setSaving] = useState(false);
  const templates = useQuery({ queryKey: ['ai/agent/templates'], queryFn: agentTemplates, staleTime: Infinity });

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await addAgent({ ...values, name: values.name.trim() });
      const agentId = res.data;
      toast.success('新增成功');
      onClose();
      if (agentId !== undefined) onCreated({ agentId, name: values.name.trim() });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="新建客服"
      width={640}
      okText="创 建"
      cancelText="取 消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ template: 'general' }} name="create-agent">
        <Form.Item label="客服名称" name="name" rules={[{ required: true, whitespace: true, message: '客服名称不能为空' }, { max: 50, message: '客服名称长度不能超过50个字符' }]}>
          <Input placeholder="例如：售前咨询小助手" maxLength={50} autoFocus />
        </Form.Item>
        <Form.Item label="模板" name="template" rules={[{ required: true, message: '请选择模板' }]}>
          <TemplateCards templates={templates.data?.data ?? []} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
