import { Checkbox, Form, Input, InputNumber, Switch, type FormInstance } from 'antd';
import { LEAD_FIELD_LABELS, LEAD_FIELDS } from '@acs/shared';
import type { SettingsForm } from './formValues';

const FIELDS = LEAD_FIELDS.map((value) => ({ value, label: LEAD_FIELD_LABELS[value] }));

/** 留资目标: which contact details to collect and when to ask for them. */
export default function LeadGoalTab({ form }: { form: FormInstance<SettingsForm> }) {
  const enabled = Form.useWatch(['leadGoal', 'enabled'], form);
  return (
    <>
      <Form.Item label="启用留资目标" name={['leadGoal', 'enabled']} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="收集字段" name={['leadGoal', 'fields']} rules={[{ required: enabled, type: 'array', min: 1, message: '请至少选择一个收集字段' }]}>
        <Checkbox.Group options={FIELDS} disabled={!enabled} />
      </Form.Item>
      <Form.Item
        label="第几轮后询问"
        name={['leadGoal', 'askAfterTurns']}
        extra="客户发出这么多条消息后，询问尚未留下的联系方式。"
        rules={[{ type: 'integer', min: 0, max: 50, message: '询问轮次须在0到50之间' }]}
      >
        <InputNumber min={0} max={50} precision={0} suffix="轮" disabled={!enabled} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label="询问话术"
        name={['leadGoal', 'askText']}
        rules={[
          { required: enabled, whitespace: true, message: '询问话术不能为空' },
          { max: 500, message: '询问话术不能超过500个字符' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount disabled={!enabled} />
      </Form.Item>
      <Form.Item
        label="致谢话术"
        name={['leadGoal', 'thanksText']}
        rules={[
          { required: enabled, whitespace: true, message: '致谢话术不能为空' },
          { max: 500, message: '致谢话术不能超过500个字符' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount disabled={!enabled} />
      </Form.Item>
    </>
  );
}
