import { useEffect, useState } from 'react';
import { Button, Form, Modal, Spin, Tabs } from 'antd';
import { getAgent, updateAgent, type Agent } from '../../../../../api/ai/agent';
import { confirmDialog, toast } from '../../../../../utils/feedback';
import BasicTab from './BasicTab';
import ChannelTab, { useChannelBinding } from './ChannelTab';
import { fromForm, TABS, tabOf, toForm, type SettingsForm, type TabKey } from './formValues';
import HandoffTab from './HandoffTab';
import HoursTab from './HoursTab';
import LeadGoalTab from './LeadGoalTab';
import ModelTab from './ModelTab';
import PromptTab, { FallbackTab } from './PromptTab';
import { useVariableChoices } from './useVariableChoices';
import WelcomeTab from './WelcomeTab';
import './settings.css';

interface SettingsDialogProps {
  agentId: number;
  onClose: () => void;
  onSaved: () => void;
}

interface ValidationError {
  errorFields?: { name: (string | number)[] }[];
}

/** 设置: every setting of an agent in tabs; closing with unsaved changes asks first. */
export default function SettingsDialog({ agentId, onClose, onSaved }: SettingsDialogProps) {
  const [form] = Form.useForm<SettingsForm>();
  const [agent, setAgent] = useState<Agent | null>(null);
  const [tab, setTab] = useState<TabKey>('basic');
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const choices = useVariableChoices(agentId);
  const binding = useChannelBinding(agentId);
  const unsaved = dirty || binding.changed;

  useEffect(() => {
    getAgent(agentId)
      .then((res) => {
        if (!res.data) return onClose();
        setAgent(res.data);
        form.setFieldsValue(toForm(res.data));
      })
      .catch(() => onClose());
    // Loaded once per opening; onClose is a fresh closure on every render of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agentId, form]);

  const close = async () => {
    if (unsaved && !(await confirmDialog({ content: '有未保存的修改，确定关闭吗？' }))) return;
    onClose();
  };

  const save = async () => {
    if (!agent) return;
    let values: SettingsForm;
    try {
      values = await form.validateFields();
    } catch (error) {
      const first = (error as ValidationError).errorFields?.[0]?.name[0];
      setTab(tabOf(first));
      return;
    }
    setSaving(true);
    try {
      // One 保存 for the dialog: the settings, then the channel ticks when they changed.
      await updateAgent(fromForm(agent, values));
      setDirty(false);
      await binding.save();
      toast.success('保存成功');
      onSaved();
      onClose();
    } catch (error) {
      console.warn('保存客服设置未完成', error);
    } finally {
      setSaving(false);
    }
  };

  const content: Record<TabKey, React.ReactNode> = {
    basic: <BasicTab />,
    prompt: <PromptTab agentId={agentId} choices={choices} />,
    welcome: <WelcomeTab agentId={agentId} choices={choices} />,
    fallback: <FallbackTab agentId={agentId} choices={choices} />,
    model: <ModelTab form={form} />,
    handoff: <HandoffTab agentId={agentId} choices={choices} />,
    hours: <HoursTab form={form} agentId={agentId} choices={choices} />,
    lead: <LeadGoalTab form={form} agentId={agentId} choices={choices} />,
    channels: <ChannelTab binding={binding} />,
  };

  return (
    <Modal
      open
      title={agent ? `客服设置 - ${agent.name}` : '客服设置'}
      width={1000}
      onCancel={() => void close()}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={() => void close()}>
          取 消
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={!agent} onClick={() => void save()}>
          保 存
        </Button>,
      ]}
    >
      <Spin spinning={!agent}>
        <Form form={form} name={`agent-settings-${agentId}`} layout="vertical" onValuesChange={() => setDirty(true)}>
          <Tabs
            tabPlacement="start"
            activeKey={tab}
            onChange={(k) => setTab(k as TabKey)}
            items={TABS.map((t) => ({
              key: t.key,
              label: t.label,
              forceRender: true,
              children: (
                <div className="agent-settings-pane" data-testid="agent-settings-pane">
                  {content[t.key]}
                </div>
              ),
            }))}
          />
        </Form>
      </Spin>
    </Modal>
  );
}
