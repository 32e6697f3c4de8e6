import { Button, Form, Input, Space, Switch } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import VariableTextArea from '../settings/VariableTextArea';
import type { VariableChoice } from '../settings/useVariableChoices';

const MAX_SIMILAR = 20;

/** The fields of the knowledge dialog: question, other phrasings of it, answer, enabled. */
export default function KnowledgeForm({ agentId, choices }: { agentId: number; choices: VariableChoice[] }) {
  return (
    <>
      <Form.Item label="问题" name="question" rules={[{ required: true, whitespace: true, message: '问题不能为空' }, { max: 500, message: '问题长度不能超过500个字符' }]}>
        <Input maxLength={500} placeholder="例如：你们的营业时间是？" />
      </Form.Item>
      <Form.Item label="相似问法" extra="同一个问题的其他说法，能提高命中率。">
        <Form.List name="similarQuestions">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item
                    name={field.name}
                    style={{ marginBottom: 8, width: 400 }}
                    rules={[{ required: true, whitespace: true, message: '相似问法不能为空' }, { max: 200, message: '相似问法长度不能超过200个字符' }]}
                  >
                    <Input aria-label={`相似问法${index + 1}`} maxLength={200} />
                  </Form.Item>
                  <Button type="text" size="small" icon={<MinusCircleOutlined />} aria-label={`删除相似问法${index + 1}`} onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" size="small" icon={<PlusOutlined />} disabled={fields.length >= MAX_SIMILAR} onClick={() => add('')}>
                添加相似问法
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label="答案" name="answer" rules={[{ required: true, whitespace: true, message: '答案不能为空' }, { max: 5000, message: '答案长度不能超过5000个字符' }]}>
        <VariableTextArea label="答案" agentId={agentId} choices={choices} rows={5} maxLength={5000} />
      </Form.Item>
      <Form.Item label="启用" name="status" getValueProps={(v: string) => ({ checked: v === '0' })} normalize={(on: boolean) => (on ? '0' : '1')}>
        <Switch />
      </Form.Item>
    </>
  );
}
