import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form, Modal, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { VARIABLE_SCOPE_LABELS, VARIABLE_TYPE_LABELS } from '@acs/shared';
import { agentVariables, saveAgentVariables, type AgentVariable } from '../../../../../api/ai/variable';
import { toast } from '../../../../../utils/feedback';
import ValueInput from '../../../variable/components/ValueInput';
import { valueRule } from '../../../variable/components/valueRules';

interface AgentVariablesDialogProps {
  agent: { agentId: number; name: string };
  onClose: () => void;
}

type Values = Record<string, string>;

/** 变量: the value of each variable for this agent; an empty value uses the default, then the fallback. */
export default function AgentVariablesDialog({ agent, onClose }: AgentVariablesDialogProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const query = useQuery({ queryKey: ['ai/agent/variables', agent.agentId], queryFn: () => agentVariables(agent.agentId) });
  const rows = query.data?.data ?? [];

  useEffect(() => {
    form.setFieldsValue(Object.fromEntries((query.data?.data ?? []).map((v) => [String(v.variableId), v.value])));
  }, [query.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await saveAgentVariables(
        agent.agentId,
        rows.map((v) => ({ variableId: v.variableId!, value: values[String(v.variableId)] ?? '' })),
      );
      toast.success('保存成功');
      await client.invalidateQueries({ queryKey: ['ai/agent/variables', agent.agentId] });
      onClose();
    } finally {
      setSaving(false);
    }
  };

  const toManagement = () => {
    onClose();
    void navigate('/ai/variable');
  };

  return (
    <Modal
      open
      title={`设置变量 - ${agent.name}`}
      width={960}
      okText="保 存"
      cancelText="取 消"
      confirmLoading={saving}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        在提示词、欢迎语和回复中用 {'{{变量键}}'} 引用。值留空时使用默认值，默认值也为空时使用兜底值。
        <Button type="link" size="small" onClick={toManagement}>
          前往变量管理
        </Button>
      </Typography.Paragraph>
      <Form form={form} name={`agent-variables-${agent.agentId}`} component={false}>
        <Table<AgentVariable>
          rowKey="variableId"
          size="small"
          loading={query.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ y: '55vh' }}
          locale={{ emptyText: '还没有变量，可在变量管理中新增' }}
          columns={[
            {
              title: '变量',
              key: 'key',
              width: 200,
              render: (_v, v) => (
                <>
                  <Typography.Text code>{`{{${v.varKey}}}`}</Typography.Text>
                  <div>{v.label}</div>
                </>
              ),
            },
            { title: '类型', dataIndex: 'varType', width: 70, render: (t: AgentVariable['varType']) => VARIABLE_TYPE_LABELS[t] },
            {
              title: '范围',
              dataIndex: 'scope',
              width: 90,
              render: (s: AgentVariable['scope']) => <Tag color={s === 'agent' ? 'blue' : undefined}>{VARIABLE_SCOPE_LABELS[s]}</Tag>,
            },
            {
              title: '本客服的值',
              key: 'value',
              width: 260,
              render: (_v, v) => (
                <Form.Item name={String(v.variableId)} rules={[valueRule(v)]} style={{ margin: 0 }}>
                  <ValueInput shape={v} label={`${v.label}的值`} placeholder={v.defaultValue ? `默认：${v.defaultValue}` : '请输入'} />
                </Form.Item>
              ),
            },
            { title: '默认值', dataIndex: 'defaultValue', ellipsis: true },
            { title: '兜底值', dataIndex: 'fallback', ellipsis: true },
          ]}
        />
      </Form>
    </Modal>
  );
}
