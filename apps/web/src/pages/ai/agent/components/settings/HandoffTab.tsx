import { Form, Input, InputNumber, Select, Switch } from 'antd';

/** 转人工: when a conversation goes to staff and what the customer is told. */
export default function HandoffTab() {
  return (
    <>
      <Form.Item label="转人工关键词" name={['handoff', 'keywords']} extra="客户消息包含任一关键词时转人工，输入后按回车添加。">
        <Select mode="tags" open={false} tokenSeparators={[',', '，']} placeholder="例如：投诉、退款" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="客户要求转人工" name={['handoff', 'explicitRequest']} valuePropName="checked" extra="客户说“转人工”“人工客服”等时转人工。">
        <Switch />
      </Form.Item>
      <Form.Item
        label="连续未答转人工"
        name={['handoff', 'failureThreshold']}
        extra="连续这么多条消息只能用兜底回复时转人工；0 表示不转。"
        rules={[{ type: 'integer', min: 0, max: 20, message: '连续未答次数须在0到20之间' }]}
      >
        <InputNumber min={0} max={20} precision={0} suffix="条" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label="转人工提示"
        name={['handoff', 'handoffReply']}
        rules={[
          { required: true, whitespace: true, message: '转人工提示不能为空' },
          { max: 500, message: '转人工提示不能超过500个字符' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </>
  );
}
