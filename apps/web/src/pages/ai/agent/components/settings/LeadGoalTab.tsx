import { Checkbox, Form, InputNumber, Radio, Switch, type FormInstance } from 'antd';
import { LEAD_FIELD_LABELS, LEAD_FIELDS, LEAD_GOAL_MATCH_LABELS, LEAD_GOAL_MATCHES } from '@acs/shared';
import type { SettingsForm } from './formValues';
import type { TextTabProps } from './PromptTab';
import VariableTextArea from './VariableTextArea';

const FIELDS = LEAD_FIELDS.map((value) => ({ value, label: LEAD_FIELD_LABELS[value] }));
const MATCHES = LEAD_GOAL_MATCHES.map((value) => ({ value, label: LEAD_GOAL_MATCH_LABELS[value] }));

/** 留资目标: which contact details to collect and when to ask for them. */
export default function LeadGoalTab({ form, agentId, choices }: TextTabProps & { form: FormInstance<SettingsForm> }) {
  const enabled = Form.useWatch(['leadGoal', 'enabled'], form);
  const fields = Form.useWatch(['leadGoal', 'fields'], form);
  return (
    <>
      <Form.Item label="启用留资目标" name={['leadGoal', 'enabled']} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="收集字段" name={['leadGoal', 'fields']} rules={[{ required: enabled, type: 'array', min: 1, message: '启用留资目标时请选择要收集的字段' }]}>
        <Checkbox.Group options={FIELDS} disabled={!enabled} />
      </Form.Item>
      {/* With one field both conditions mean the same; hidden, the choice is still kept and saved. */}
      <Form.Item
        label="完成条件"
        name={['leadGoal', 'match']}
        hidden={(fields?.length ?? 0) <= 1}
        extra="全部填写：选中的每一项都留下才算完成，缺哪项问哪项。任填其一：客户留下其中任意一项即视为完成，不再追问。"
      >
        <Radio.Group options={MATCHES} disabled={!enabled} />
      </Form.Item>
      <Form.Item
        label="第几轮后询问"
        name={['leadGoal', 'askAfterTurns']}
        extra="客户发出这么多条消息后，询问尚未留下的联系方式。"
        rules={[{ type: 'integer', min: 1, max: 20, message: '询问留资的对话轮次取值范围为1~20' }]}
      >
        <InputNumber min={1} max={20} precision={0} suffix="轮" disabled={!enabled} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label="留资询问话术"
        name={['leadGoal', 'askText']}
        rules={[
          { required: enabled, whitespace: true, message: '留资询问话术不能为空' },
          { max: 500, message: '留资询问话术长度不能超过500个字符' },
        ]}
      >
        <VariableTextArea label="留资询问话术" agentId={agentId} choices={choices} rows={3} maxLength={500} disabled={!enabled} />
      </Form.Item>
      <Form.Item
        label="留资感谢语"
        name={['leadGoal', 'thanksText']}
        rules={[
          { required: enabled, whitespace: true, message: '留资感谢语不能为空' },
          { max: 500, message: '留资感谢语长度不能超过500个字符' },
        ]}
      >
        <VariableTextArea label="留资感谢语" agentId={agentId} choices={choices} rows={3} maxLength={500} disabled={!enabled} />
      </Form.Item>
    </>
  );
}
