import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import type { ChatMessage } from '../../../api/chat';
import { parseServerTime, startsTimeGroup, timeLabel, type ChatState } from '../chatState';

interface Props {
  state: ChatState;
  welcome: string;
  agentName: string;
  /** Shown under the AI's latest message when it asked for contact details. */
  leadCard?: ReactNode;
  onResend(clientMsgId: string): void;
  /** A clarify suggestion tapped: sent as the customer's message. */
  onSuggest(question: string): void;
}

/** How close to the bottom (px) still counts as "reading the newest": new content scrolls into view. */
const STICKY_PX = 120;

function Bubble({ side, label, children, extra }: { side: 'me' | 'them'; label?: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <div className={`chat-row chat-row-${side}`}>
      <div className="chat-bubble-wrap">
        {label && <span className="chat-sender">{label}</span>}
        <div className={`chat-bubble chat-bubble-${side}`}>{children}</div>
        {extra}
      </div>
    </div>
  );
}

/**
 * A clarify message's candidates as quick replies. They stay in the history (the bubble shows only the
 * question's first line) but answer only while the customer has not said anything since.
 */
function Suggestions({ questions, active, onSuggest }: { questions: string[]; active: boolean; onSuggest(question: string): void }) {
  return (
    <div className="chat-suggestions" role="group" aria-label="您是想问">
      {questions.map((q) => (
        <button key={q} type="button" className="chat-suggestion" disabled={!active} onClick={() => onSuggest(q)}>
          {q}
        </button>
      ))}
    </div>
  );
}

/** The bubble text of a clarify message with suggestions: its first line (「您是想问：」), the list being the chips. */
const bubbleText = (m: ChatMessage, withSuggestions: boolean) => (withSuggestions ? m.content.split('\n', 1)[0] : m.content);

function senderLabel(m: ChatMessage, agentName: string): string | undefined {
  if (m.sender === 'staff') return m.senderName ? `人工客服 · ${m.senderName}` : '人工客服';
  if (m.sender === 'ai') return agentName;
  return undefined;
}

export function MessageList({ state, welcome, agentName, leadCard, onResend, onSuggest }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const sticky = useRef(true);
  const now = Date.now();
  // Offered while the question is the AI's latest word; once the talk moves on, the card goes.
  const lastAi = state.messages.findLast((m) => m.sender === 'ai');
  const leadAskSeq = lastAi?.asksContact ? lastAi.seq : undefined;
  const typing = (state.typing.ai || state.typing.staff) && state.drafts.length === 0;
  // Suggestions answer only a message the customer has not replied to (stored or still sending).
  const lastCustomerSeq = state.messages.findLast((m) => m.sender === 'customer')?.seq ?? 0;
  const suggestionsOpen = (m: ChatMessage) => m.seq > lastCustomerSeq && state.outgoing.length === 0 && state.status !== 'closed';

  useEffect(() => {
    const el = ref.current;
    if (el && sticky.current) el.scrollTop = el.scrollHeight;
  });

  // The customer's own send always brings the bottom back into view.
  const outgoingCount = state.outgoing.length;
  useEffect(() => {
    sticky.current = true;
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [outgoingCount]);

  let previous: number | undefined;
  const timeMark = (time: number) => {
    const show = startsTimeGroup(previous, time);
    previous = time;
    return show ? <div className="chat-time">{timeLabel(time, now)}</div> : null;
  };

  return (
    <div
      ref={ref}
      className="chat-messages"
      role="log"
      aria-live="polite"
      aria-label="聊天记录"
      onScroll={(e) => {
        const el = e.currentTarget;
        sticky.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
      }}
    >
      {welcome && (
        <Bubble side="them" label={agentName}>
          {welcome}
        </Bubble>
      )}
      {state.messages.map((m) => {
        const suggestions = m.sender === 'ai' && m.suggestions?.length ? m.suggestions : undefined;
        return (
          <Fragment key={m.messageId}>
            {timeMark(parseServerTime(m.createTime))}
            {m.sender === 'system' ? (
              <div className="chat-system">{m.content}</div>
            ) : (
              <Bubble
                side={m.sender === 'customer' ? 'me' : 'them'}
                label={senderLabel(m, agentName)}
                extra={suggestions && <Suggestions questions={suggestions} active={suggestionsOpen(m)} onSuggest={onSuggest} />}
              >
                {bubbleText(m, suggestions !== undefined)}
              </Bubble>
            )}
            {m.seq === leadAskSeq && leadCard}
          </Fragment>
        );
      })}
      {state.drafts.map((d) => (
        <Bubble key={d.tempId} side="them" label={agentName}>
          {d.text}
          <span className="chat-caret" aria-hidden="true" />
        </Bubble>
      ))}
      {state.outgoing.map((o) => (
        <Fragment key={o.clientMsgId}>
          {timeMark(o.createdAt)}
          <Bubble
            side="me"
            extra={
              <span className={`chat-send-state chat-send-${o.state}`}>
                {o.state === 'failed' ? (
                  <>
                    {o.error ? `发送失败：${o.error}` : '发送失败'}
                    <button type="button" className="chat-link" onClick={() => onResend(o.clientMsgId)}>
                      重发
                    </button>
                  </>
                ) : o.state === 'queued' ? (
                  '等待网络恢复后发送'
                ) : (
                  '发送中…'
                )}
              </span>
            }
          >
            {o.content}
          </Bubble>
        </Fragment>
      ))}
      {typing && (
        <div className="chat-row chat-row-them">
          <div className="chat-bubble chat-bubble-them chat-typing" aria-label="对方正在输入">
            <i />
            <i />
            <i />
          </div>
        </div>
      )}
    </div>
  );
}
