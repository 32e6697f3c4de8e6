import { Form, InputNumber, Select, Switch } from 'antd';
import type { TextTabProps } from './PromptTab';
import VariableTextArea from './VariableTextArea';

/** 转人工: when a conversation goes to staff and what the customer is told. */
export default function HandoffTab({ agentId, choices }: TextTabProps) {
  return (
    <>
      <Form.Item
        label="转人工关键词"
        name={['handoff', 'keywords']}
        extra="客户消息包含任一关键词时转人工，输入后按回车添加。"
        rules={[
          { type: 'array', max: 20, message: '转人工关键词不能超过20个' },
          {
            validator: (_r, v: string[] = []) =>
              v.some((k) => k.trim().length > 20) ? Promise.reject(new Error('转人工关键词长度不能超过20个字符')) : Promise.resolve(),
          },
        ]}
      >
        <Select mode="tags" open={false} tokenSeparators={[',', '，']} placeholder="例如：投诉、退款" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="客户要求转人工" name={['handoff', 'explicitRequest']} valuePropName="checked" extra="客户说“转人工”“人工客服”等时转人工。">
        <Switch />
      </Form.Item>
      <Form.Item
        label="连续未解答转人工"
        name={['handoff', 'failureThreshold']}
        extra="连续这么多条消息只能用兜底回复时转人工；0 表示不转。"
        rules={[{ type: 'integer', min: 0, max: 10, message: '连续未解答转人工次数取值范围为0~10' }]}
      >
        <InputNumber min={0} max={10} precision={0} suffix="条" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label="转人工回复"
        name={['handoff', 'handoffReply']}
        rules={[{ max: 500, message: '转人工回复长度不能超过500个字符' }]}
      >
        <VariableTextArea label="转人工回复" agentId={agentId} choices={choices} rows={3} maxLength={500} />
      </Form.Item>
    </>
  );
}
