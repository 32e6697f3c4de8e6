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

function senderLabel(m: ChatMessage, agentName: string): string | undefined {
  if (m.sender === 'staff') return m.senderName ? `人工客服 · ${m.senderName}` : '人工客服';
  if (m.sender === 'ai') return agentName;
  return undefined;
}

export function MessageList({ state, welcome, agentName, leadCard, onResend }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const sticky = useRef(true);
  const now = Date.now();
  // Offered while the question is the AI's latest word; once the talk moves on, the card goes.
  const lastAi = state.messages.findLast((m) => m.sender === 'ai');
  const leadAskSeq = lastAi?.asksContact ? lastAi.seq : undefined;
  const typing = (state.typing.ai || state.typing.staff) && state.drafts.length === 0;

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
      {state.messages.map((m) => (
        <Fragment key={m.messageId}>
          {timeMark(parseServerTime(m.createTime))}
          {m.sender === 'system' ? (
            <div className="chat-system">{m.content}</div>
          ) : (
            <Bubble side={m.sender === 'customer' ? 'me' : 'them'} label={senderLabel(m, agentName)}>
              {m.content}
            </Bubble>
          )}
          {m.seq === leadAskSeq && leadCard}
        </Fragment>
      ))}
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
