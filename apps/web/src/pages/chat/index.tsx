import { useEffect, useState } from 'react';
import { CONVERSATION_STATUS_LABELS } from '@acs/shared';
import { Composer } from './components/Composer';
import { ContactCard } from './components/ContactCard';
import { MessageList } from './components/MessageList';
import { useChat } from './useChat';
import './chat.css';

function Avatar({ name, src }: { name: string; src: string }) {
  return src ? (
    <img className="chat-avatar" src={src} alt="" />
  ) : (
    <span className="chat-avatar" aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}

/**
 * The public customer chat (/chat?agent=ID): plain React and one CSS file, no console code, not even the
 * router (it loads through the light public entry, src/public).
 */
export default function ChatPage() {
  const [agentId] = useState(() => Number(new URLSearchParams(window.location.search).get('agent')));
  const chat = useChat(agentId);
  const { phase, session, state, connection, contactDone, notice, setNotice } = chat;
  const [contactOpen, setContactOpen] = useState(false);

  useEffect(() => {
    if (session) document.title = `${session.agent.name} - 在线客服`;
  }, [session]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), 3000);
    return () => clearTimeout(timer);
  }, [notice, setNotice]);

  if (phase.kind !== 'ready' || !session) {
    return (
      <div className="chat-page">
        <div className="chat-card chat-card-center">
          {phase.kind === 'error' ? (
            <div className="chat-fullpage" role="alert">
              <div className="chat-fullpage-icon" aria-hidden="true">!</div>
              <h1>暂时无法咨询</h1>
              <p>{phase.message}</p>
              {phase.retryable && (
                <button type="button" className="chat-primary" onClick={chat.retry}>
                  重试
                </button>
              )}
            </div>
          ) : (
            <div className="chat-fullpage" aria-busy="true">
              <div className="chat-spinner" aria-hidden="true" />
              <p>正在连接客服…</p>
            </div>
          )}
        </div>
      </div>
    );
  }

  const { agent } = session;
  const closed = state.status === 'closed';
  const canHandoff = state.status === 'ai';
  const statusText =
    state.status === 'human' && state.assigneeName
      ? `${CONVERSATION_STATUS_LABELS.human} · ${state.assigneeName}`
      : CONVERSATION_STATUS_LABELS[state.status];
  const card = (onClose?: () => void) => (
    <ContactCard
      consentText={session.consentText}
      onClose={onClose}
      onSubmit={async (fields) => {
        const error = await chat.contact(fields);
        if (!error) setContactOpen(false);
        return error;
      }}
    />
  );

  return (
    <div className="chat-page">
      <div className="chat-card">
        <header className="chat-header">
          <Avatar name={agent.name} src={agent.avatar} />
          <div className="chat-title">
            <h1>{agent.name}</h1>
            <span className={`chat-status chat-status-${state.status}`} role="status">
              {statusText}
            </span>
          </div>
          {canHandoff && (
            <button type="button" className="chat-ghost" onClick={() => void chat.handoff()}>
              转人工
            </button>
          )}
        </header>
        {agent.offHours && agent.offHoursText && <div className="chat-banner chat-banner-info">{agent.offHoursText}</div>}
        {connection === 'reconnecting' && (
          <div className="chat-banner chat-banner-warn" role="alert">
            网络已断开，正在重连…
          </div>
        )}
        {notice && (
          <div className="chat-banner chat-banner-warn" role="alert">
            {notice}
          </div>
        )}
        <MessageList
          state={state}
          welcome={agent.welcome}
          agentName={agent.name}
          onResend={chat.resend}
          onSuggest={chat.send}
          leadCard={!contactDone && !closed && !contactOpen ? <div className="chat-inline-card">{card()}</div> : undefined}
        />
        {closed ? (
          <div className="chat-closed">
            <span>会话已结束</span>
            <button type="button" className="chat-primary" onClick={chat.restart}>
              开始新会话
            </button>
          </div>
        ) : (
          <>
            {contactOpen && <div className="chat-sheet">{card(() => setContactOpen(false))}</div>}
            <div className="chat-tools">
              {agent.quickQuestions.map((q) => (
                <button key={q} type="button" className="chat-chip" onClick={() => chat.send(q)}>
                  {q}
                </button>
              ))}
              {!contactDone && !contactOpen && (
                <button type="button" className="chat-chip chat-chip-accent" onClick={() => setContactOpen(true)}>
                  留下联系方式
                </button>
              )}
            </div>
            <Composer disabled={closed} placeholder="请输入您的问题…" onSend={chat.send} />
          </>
        )}
      </div>
    </div>
  );
}
