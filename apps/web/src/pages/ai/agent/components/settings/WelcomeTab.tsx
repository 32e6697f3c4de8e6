import { Button, Form, Input, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import VariableTextArea from './VariableTextArea';
import type { TextTabProps } from './PromptTab';

const MAX_QUESTIONS = 8;

/** 欢迎语与快捷问题: the first message of a chat and up to eight one-tap questions. */
export default function WelcomeTab({ agentId, choices }: TextTabProps) {
  return (
    <>
      <Form.Item label="欢迎语" name="welcomeMessage" rules={[{ max: 1000, message: '欢迎语长度不能超过1000个字符' }]}>
        <VariableTextArea label="欢迎语" agentId={agentId} choices={choices} rows={4} maxLength={1000} placeholder="例如：您好，我是{{agent_name}}，有什么可以帮您？" />
      </Form.Item>
      <Form.Item label="快捷问题" extra={`客户点一下即可发送，最多${MAX_QUESTIONS}个。`}>
        <Form.List name="quickQuestions">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item
                    name={field.name}
                    style={{ marginBottom: 8, width: 420 }}
                    rules={[
                      { required: true, whitespace: true, message: '快捷问题不能为空' },
                      { max: 50, message: '快捷问题长度不能超过50个字符' },
                    ]}
                  >
                    <Input aria-label={`快捷问题${index + 1}`} maxLength={50} placeholder="例如：有哪些套餐？" />
                  </Form.Item>
                  <Button type="text" size="small" icon={<MinusCircleOutlined />} aria-label={`删除快捷问题${index + 1}`} onClick={() => remove(field.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= MAX_QUESTIONS} onClick={() => add('')}>
                添加快捷问题
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
    </>
  );
}
