import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Space, Typography } from 'antd';
import { ClearOutlined, SendOutlined } from '@ant-design/icons';
import { CHAT_MESSAGE_MAX, CONVERSATION_STATUS_LABELS, type ConversationStatus } from '@acs/shared';
import { debugChat, resetDebug, type ChatMessageRow, type FoundField } from '../../../../../api/ai/agent';
import DebugMessage from './DebugMessage';

interface DebugDialogProps {
  agent: { agentId: number; name: string };
  onClose: () => void;
}

interface Entry {
  message: ChatMessageRow;
  /** Lead fields found in a customer message. */
  found?: FoundField[];
}

/** 调试: chat with the agent as a customer would (drafts too) and see what answers each turn. */
export default function DebugDialog({ agent, onClose }: DebugDialogProps) {
  const [conversationId, setConversationId] = useState<number>();
  const [status, setStatus] = useState<ConversationStatus>('ai');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  // A clarify's suggestions answer only while nothing was sent after it.
  const lastCustomer = entries.findLastIndex((e) => e.message.sender === 'customer');

  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
    void bottom.current?.scrollIntoView({ block: 'end' });
  }, [entries]);

  /** Sends what was typed, or a clarify suggestion (which leaves the typed text alone). */
  const send = async (suggestion?: string) => {
    const content = (suggestion ?? text).trim();
    if (!content || sending) return;
    setSending(true);
    try {
      const res = await debugChat(agent.agentId, content, conversationId);
      if (!res.data) return;
      const { turn, found } = res.data;
      setConversationId(res.data.conversationId);
      setStatus(res.data.status);
      setEntries((list) => [...list, { message: turn.customer, found }, ...turn.replies.map((message) => ({ message }))]);
      if (suggestion === undefined) setText('');
    } catch (error) {
      console.warn('调试消息未发送', error);
    } finally {
      setSending(false);
    }
  };

  const reset = async () => {
    try {
      if (conversationId !== undefined) await resetDebug(agent.agentId, conversationId);
      setConversationId(undefined);
      setStatus('ai');
      setEntries([]);
    } catch (error) {
      console.warn('重置对话未完成', error);
    }
  };

  return (
    <Modal open title={`调试 - ${agent.name}`} width={760} footer={null} onCancel={onClose} mask={{ closable: false }}>
      <div role="log" aria-label="调试对话" style={{ height: '50vh', overflowY: 'auto', padding: 12, border: '1px solid #f0f0f0', borderRadius: 8 }}>
        {entries.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="以客户身份发一条消息，看看由哪条规则、知识或模型回答" />
        ) : (
          entries.map((e, i) => (
            <DebugMessage
              key={e.message.messageId}
              message={e.message}
              found={e.found}
              suggestionsOpen={i > lastCustomer && status === 'ai' && !sending}
              onSuggest={(q) => void send(q)}
            />
          ))
        )}
        <div ref={bottom} />
      </div>
      {status !== 'ai' && (
        <Alert style={{ marginTop: 8 }} type="warning" showIcon title={`对话状态：${CONVERSATION_STATUS_LABELS[status]}。重置对话后可重新调试。`} />
      )}
      <Input.TextArea
        aria-label="调试消息"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          if (e.shiftKey || e.nativeEvent.isComposing) return;
          e.preventDefault();
          void send();
        }}
        autoSize={{ minRows: 2, maxRows: 5 }}
        maxLength={CHAT_MESSAGE_MAX}
        placeholder="输入消息，Enter 发送，Shift+Enter 换行"
        style={{ marginTop: 12 }}
      />
      <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          调试对话不计入会话统计，草稿客服也可调试。
        </Typography.Text>
        <Space>
          <Button icon={<ClearOutlined />} disabled={entries.length === 0} onClick={() => void reset()}>
            重置对话
          </Button>
          <Button type="primary" icon={<SendOutlined />} loading={sending} disabled={!text.trim()} onClick={() => void send()}>
            发送
          </Button>
        </Space>
      </Space>
    </Modal>
  );
}
