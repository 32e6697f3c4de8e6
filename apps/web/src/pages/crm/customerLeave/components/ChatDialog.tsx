import { useEffect, useRef, type Ref } from 'react';
import { Empty, Modal, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { leadChat, type LeadChatMessage, type LeadRow } from '../../../../api/crm/lead';
import { parseTime } from '../../../../utils/ruoyi';
import '../../../ai/conversation/conversation.css';

function senderLabel(m: LeadChatMessage, agentName: string): string {
  if (m.sender === 'customer') return '客户';
  if (m.sender === 'staff') return `人工客服 · ${m.senderName || '客服'}`;
  return `AI · ${m.senderName || agentName}`;
}

function Message({ m, agentName, anchor }: { m: LeadChatMessage; agentName: string; anchor?: Ref<HTMLDivElement> }) {
  if (m.sender === 'system') return <div className="conv-system">{m.content}</div>;
  return (
    <div ref={anchor} className={`conv-msg conv-msg-${m.sender}${m.evidence ? ' lead-chat-evidence' : ''}`} data-evidence={m.evidence || undefined}>
      <div className="conv-msg-head">
        <span>{senderLabel(m, agentName)}</span>
        <span className="conv-msg-time">{parseTime(m.createTime, 'MM-DD HH:mm:ss')}</span>
        {m.evidence && (
          <Tag color="gold" style={{ margin: 0 }}>
            留资依据
          </Tag>
        )}
      </div>
      <div className="conv-msg-body">{m.content}</div>
    </div>
  );
}

/** 聊天记录: the lead's conversation, the messages its fields were captured from highlighted and scrolled to. */
export default function ChatDialog({ lead, onClose }: { lead: Pick<LeadRow, 'leadId' | 'name' | 'phone' | 'phoneMasked'> & Partial<Pick<LeadRow, 'agentName'>>; onClose: () => void }) {
  const query = useQuery({ queryKey: ['crm/lead/chat', lead.leadId], queryFn: () => leadChat(lead.leadId) });
  const messages = query.data?.data?.messages ?? [];
  const firstEvidence = messages.find((m) => m.evidence && m.sender !== 'system')?.messageId;
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    anchor.current?.scrollIntoView({ block: 'center' });
  }, [firstEvidence]);

  const who = lead.name || lead.phone || lead.phoneMasked || `线索 ${lead.leadId}`;
  return (
    <Modal open title={`聊天记录 · ${who}`} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      <Spin spinning={query.isFetching}>
        <div className="conv-record lead-chat" role="log" aria-label="聊天记录">
          {messages.length === 0 && !query.isFetching ? (
            <Empty description="该线索没有会话记录" />
          ) : (
            messages.map((m) => <Message key={m.messageId} m={m} agentName={lead.agentName || 'AI客服'} anchor={m.messageId === firstEvidence ? anchor : undefined} />)
          )}
        </div>
      </Spin>
    </Modal>
  );
}
