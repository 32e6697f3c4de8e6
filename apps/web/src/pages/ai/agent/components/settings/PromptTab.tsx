import { Form } from 'antd';
import VariableTextArea from './VariableTextArea';
import type { VariableChoice } from './useVariableChoices';

/** Tabs whose texts take {{variables}}: the agent (for the preview) and what 插入变量 offers. */
export interface TextTabProps {
  agentId: number;
  choices: VariableChoice[];
}

/** 提示词: the system prompt sent to the model with each turn. */
export default function PromptTab({ agentId, choices }: TextTabProps) {
  return (
    <Form.Item
      label="系统提示词"
      name="systemPrompt"
      extra="告诉模型它是谁、能回答什么、语气如何；可用 {{变量}} 插入变量值。仅在使用外部模型时生效。"
      rules={[{ max: 4000, message: '系统提示词长度不能超过4000个字符' }]}
    >
      <VariableTextArea label="系统提示词" agentId={agentId} choices={choices} rows={12} maxLength={4000} placeholder="例如：你是{{agent_name}}，负责解答客户关于产品和价格的问题……" />
    </Form.Item>
  );
}

/** 兜底回复: said when nothing else answers. */
export function FallbackTab({ agentId, choices }: TextTabProps) {
  return (
    <Form.Item
      label="兜底回复"
      name="fallbackReply"
      extra="回复规则、知识问答和模型都无法回答（或模型出错）时发送。"
      rules={[{ max: 1000, message: '兜底回复长度不能超过1000个字符' }]}
    >
      <VariableTextArea label="兜底回复" agentId={agentId} choices={choices} rows={4} maxLength={1000} />
    </Form.Item>
  );
}
