import { Checkbox, Form, Switch, TimePicker, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { SettingsForm } from './formValues';
import type { TextTabProps } from './PromptTab';
import VariableTextArea from './VariableTextArea';

const DAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].map((label, i) => ({ label, value: i + 1 }));
const FORMAT = 'HH:mm';

/** 'HH:mm' in the form, a Dayjs in the picker. */
const timeProps = {
  getValueProps: (v: string) => ({ value: v ? dayjs(v, FORMAT) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format(FORMAT) : ''),
};

/** 营业时间: when staff are there (China time); outside it a handoff request gets the off-hours text. */
export default function HoursTab({ form, agentId, choices }: TextTabProps & { form: FormInstance<SettingsForm> }) {
  const enabled = Form.useWatch(['businessHours', 'enabled'], form);
  return (
    <>
      <Form.Item label="启用营业时间" name={['businessHours', 'enabled']} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="营业日" name={['businessHours', 'days']} rules={[{ required: enabled, type: 'array', min: 1, message: '启用营业时间时请选择营业日' }]}>
        <Checkbox.Group options={DAYS} disabled={!enabled} />
      </Form.Item>
      <Form.Item label="营业时段" required={enabled} style={{ marginBottom: 0 }}>
        <Form.Item name={['businessHours', 'start']} {...timeProps} style={{ display: 'inline-block' }} rules={[{ required: enabled, message: '请选择开始时间' }]}>
          <TimePicker format={FORMAT} disabled={!enabled} placeholder="开始时间" aria-label="开始时间" />
        </Form.Item>
        <span style={{ display: 'inline-block', width: 32, textAlign: 'center', lineHeight: '32px' }}>至</span>
        <Form.Item
          name={['businessHours', 'end']}
          {...timeProps}
          style={{ display: 'inline-block' }}
          dependencies={[['businessHours', 'start']]}
          rules={[
            { required: enabled, message: '请选择结束时间' },
            ({ getFieldValue }) => ({
              validator: (_r, end: string) =>
                !enabled || !end || end !== getFieldValue(['businessHours', 'start'])
                  ? Promise.resolve()
                  : Promise.reject(new Error('营业开始时间和结束时间不能相同')),
            }),
          ]}
        >
          <TimePicker format={FORMAT} disabled={!enabled} placeholder="结束时间" aria-label="结束时间" />
        </Form.Item>
      </Form.Item>
      <Form.Item
        label="非工作时间提示"
        name={['businessHours', 'offHoursText']}
        rules={[
          { required: enabled, whitespace: true, message: '非工作时间提示不能为空' },
          { max: 500, message: '非工作时间提示长度不能超过500个字符' },
        ]}
      >
        <VariableTextArea label="非工作时间提示" agentId={agentId} choices={choices} rows={3} maxLength={500} disabled={!enabled} />
      </Form.Item>
    </>
  );
}
