import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import {
  CHANNEL_LABELS,
  CONVERSATION_STATUS_LABELS,
  FOLLOWUP_RESULT_LABELS,
  LEAD_EVENT_LABELS,
  LEAD_FIELD_LABELS,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  type CapturedField,
} from '@acs/shared';
import type {
  TimelineConversation,
  TimelineEvent,
  TimelineField,
  TimelineFollowup,
  TimelineLead,
  TimelineMessage,
} from '../../../../../api/crm/customer';
import { parseTime } from '../../../../../utils/ruoyi';
import { LEAD_STATUS_COLORS, SENDER_LABELS } from '../../labels';
import { splitByValues } from './evidence';

const METHOD_LABELS: Record<CapturedField['method'], string> = {
  regex: '自动识别',
  card: '留资卡片',
  answer: '回答留资提问',
  llm: '模型识别',
  manual: '手工录入',
  profile: 'BOSS候选人资料',
};

const channelLabel = (c: string) => CHANNEL_LABELS[c as keyof typeof CHANNEL_LABELS] ?? c;
const fieldLabel = (f: CapturedField) => LEAD_FIELD_LABELS[f.field] ?? f.field;
const operator = (name: string) => (name === 'system' || !name ? '系统' : name);
export const messageDomId = (messageId: number) => `customer-timeline-msg-${messageId}`;

/** The entry's heading: what happened on the left, when on the right. */
export function EntryHead({ title, time }: { title: ReactNode; time: string }) {
  return (
    <div className="ct-head">
      <span className="ct-title">{title}</span>
      <span className="ct-time">{parseTime(time)}</span>
    </div>
  );
}

/** A message's text with the captured values marked. */
function MarkedText({ text, values }: { text: string; values: string[] }) {
  return (
    <>
      {splitByValues(text, values).map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </>
  );
}

function senderText(m: TimelineMessage): string {
  const label = SENDER_LABELS[m.sender] ?? m.sender;
  return m.sender === 'customer' || !m.senderName ? label : `${label} · ${m.senderName}`;
}

/** One message; a message that evidences captured fields is highlighted and says which. */
export function MessageLine({ message: m, evidence = [], anchor = false }: { message: TimelineMessage; evidence?: CapturedField[]; anchor?: boolean }) {
  const isEvidence = evidence.length > 0;
  return (
    <div
      id={anchor ? messageDomId(m.messageId) : undefined}
      className={`ct-msg ct-msg-${m.sender}${isEvidence ? ' ct-msg-evidence' : ''}`}
      data-evidence={isEvidence ? 'true' : undefined}
    >
      <div className="ct-msg-head">
        <span className="ct-msg-sender">{senderText(m)}</span>
        <span className="ct-time">{parseTime(m.createTime)}</span>
        {evidence.map((f) => (
          <Tag key={`${f.field}-${f.value}`} color="gold" className="ct-evidence-tag">
            留资证据：{fieldLabel(f)}
          </Tag>
        ))}
      </div>
      <div className="ct-msg-body">
        <MarkedText text={m.content} values={evidence.map((f) => f.value)} />
      </div>
    </div>
  );
}

export function ConversationEntry({ item, evidence }: { item: TimelineConversation; evidence: Map<number, CapturedField[]> }) {
  return (
    <>
      <EntryHead
        time={item.time}
        title={
          <>
            {channelLabel(item.channel)}会话 #{item.conversationId}
            {item.agentName && <Typography.Text type="secondary"> · {item.agentName}</Typography.Text>}
            <Tag style={{ marginInlineStart: 8 }}>{CONVERSATION_STATUS_LABELS[item.status] ?? item.status}</Tag>
          </>
        }
      />
      {item.messages.length === 0 ? (
        <Typography.Text type="secondary">暂无消息</Typography.Text>
      ) : (
        <div className="ct-messages">
          {item.messages.map((m) => (
            <MessageLine key={m.messageId} message={m} evidence={evidence.get(m.messageId)} anchor />
          ))}
        </div>
      )}
    </>
  );
}

export function LeadEntry({ item }: { item: TimelineLead }) {
  const source = LEAD_SOURCE_LABELS[item.source as keyof typeof LEAD_SOURCE_LABELS] ?? item.source;
  return (
    <>
      <EntryHead
        time={item.time}
        title={
          <>
            线索 #{item.leadId}
            <Tag color={LEAD_STATUS_COLORS[item.status]} style={{ marginInlineStart: 8 }}>
              {LEAD_STATUS_LABELS[item.status] ?? item.status}
            </Tag>
          </>
        }
      />
      <div className="ct-line">
        {source} · {channelLabel(item.channel)} · 负责人：{item.ownerName || '公海'}
        {item.duplicateOf ? ` · 重复，已并入线索 #${item.duplicateOf}` : ''}
      </div>
      {item.fields.length > 0 && (
        <div className="ct-line">
          {item.fields.map((f) => (
            <Tag key={`${f.field}-${f.value}`}>
              {fieldLabel(f)}：{f.value}
            </Tag>
          ))}
        </div>
      )}
    </>
  );
}

/** A captured field, with the message that evidences it shown (highlighted) right under it. */
export function FieldEntry({ item, inConversation }: { item: TimelineField; inConversation: boolean }) {
  const jump = () => document.getElementById(messageDomId(item.messageId!))?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  return (
    <>
      <EntryHead
        time={item.time}
        title={
          <>
            留资 · {fieldLabel(item)}：<Typography.Text strong>{item.value}</Typography.Text>
            <Tag style={{ marginInlineStart: 8 }}>{METHOD_LABELS[item.method] ?? item.method}</Tag>
            {item.masked && <Tag color="default">打码号码</Tag>}
          </>
        }
      />
      {item.message ? (
        <div className="ct-evidence">
          <MessageLine message={item.message} evidence={[item]} />
          {inConversation && (
            <a className="ct-jump" onClick={jump}>
              在会话中查看
            </a>
          )}
        </div>
      ) : (
        <div className="ct-line">
          <Typography.Text type="secondary">{item.evidence ? `依据：${item.evidence}` : '没有对应的消息'}</Typography.Text>
        </div>
      )}
    </>
  );
}

export function EventEntry({ item }: { item: TimelineEvent }) {
  const statusMoved = item.fromStatus !== item.toStatus && (item.fromStatus || item.toStatus);
  const ownerMoved = item.fromOwnerName !== item.toOwnerName && (item.fromOwnerName || item.toOwnerName);
  const status = (s: string) => (s ? (LEAD_STATUS_LABELS[s as keyof typeof LEAD_STATUS_LABELS] ?? s) : '无');
  return (
    <>
      <EntryHead
        time={item.time}
        title={
          <>
            {LEAD_EVENT_LABELS[item.kind] ?? item.kind}
            {item.leadId ? <Typography.Text type="secondary"> · 线索 #{item.leadId}</Typography.Text> : null}
          </>
        }
      />
      <div className="ct-line">
        操作人：{operator(item.operatorName)}
        {statusMoved && ` · 状态：${status(item.fromStatus)} → ${status(item.toStatus)}`}
        {ownerMoved && ` · 负责人：${item.fromOwnerName || '公海'} → ${item.toOwnerName || '公海'}`}
      </div>
      {item.reason && <div className="ct-line ct-reason">{item.reason}</div>}
    </>
  );
}

export function FollowupEntry({ item }: { item: TimelineFollowup }) {
  return (
    <>
      <EntryHead
        time={item.time}
        title={
          <>
            跟进 · {FOLLOWUP_RESULT_LABELS[item.result] ?? item.result}
            <Typography.Text type="secondary"> · 线索 #{item.leadId}</Typography.Text>
          </>
        }
      />
      <div className="ct-line">跟进人：{item.userName}</div>
      {item.note && <div className="ct-line ct-reason">{item.note}</div>}
      {item.nextContactTime && <div className="ct-line">下次联系：{parseTime(item.nextContactTime)}</div>}
    </>
  );
}
