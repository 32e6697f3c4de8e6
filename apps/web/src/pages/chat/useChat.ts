import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ConversationStatus } from '@acs/shared';
import {
  ChatNetworkError,
  chatStreamUrl,
  openSession,
  requestHandoff,
  sendChatMessage,
  submitContact,
  type ChatAgent,
  type ChatMessage,
  type ContactFields,
  type Visitor,
} from '../../api/chat';
import { chatReducer, initialChatState, type ChatState } from './chatState';

/** loading · ready · error: the agent cannot be chatted with (missing, unpublished) or the server was not reached (retryable). */
export type Phase = { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; message: string; retryable?: boolean };

/** connecting: first attempt · open · reconnecting: lost, retrying with backoff */
export type Connection = 'connecting' | 'open' | 'reconnecting';

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 15_000;

const visitorKey = (agentId: number) => `acs-chat:${agentId}`;
const contactKey = (conversationId: number) => `acs-chat-contact:${conversationId}`;

function loadVisitor(agentId: number): Visitor | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(visitorKey(agentId)) ?? 'null') as Partial<Visitor> | null;
    return stored?.visitorId && stored.visitorToken ? { visitorId: stored.visitorId, visitorToken: stored.visitorToken } : undefined;
  } catch {
    return undefined;
  }
}

function saveVisitor(agentId: number, visitor: Visitor): void {
  localStorage.setItem(visitorKey(agentId), JSON.stringify(visitor));
}

/** crypto.randomUUID exists only in secure contexts; a page served over plain http still needs ids. */
export function newClientMsgId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface Session {
  conversationId: number;
  visitorToken: string;
  agent: ChatAgent;
  consentText: string;
}

function parse<T>(event: MessageEvent): T | undefined {
  try {
    return JSON.parse(event.data as string) as T;
  } catch {
    return undefined;
  }
}

export function useChat(agentId: number) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [session, setSession] = useState<Session>();
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [contactDone, setContactDone] = useState(false);
  const [notice, setNotice] = useState('');
  const stateRef = useRef<ChatState>(state);
  stateRef.current = state;
  const connectedRef = useRef(false);
  const sessionRef = useRef<Session | undefined>(undefined);
  sessionRef.current = session;

  const start = useCallback(
    async (fresh: boolean) => {
      if (!Number.isInteger(agentId) || agentId <= 0) {
        setPhase({ kind: 'error', message: '该客服不存在或未发布' });
        return;
      }
      try {
        const data = await openSession(agentId, loadVisitor(agentId), fresh);
        saveVisitor(agentId, { visitorId: data.visitorId, visitorToken: data.visitorToken });
        const { conversationId, status, assigneeName } = data.conversation;
        dispatch({ type: 'reset', messages: data.messages, status, assigneeName });
        setContactDone(localStorage.getItem(contactKey(conversationId)) === '1');
        setSession({ conversationId, visitorToken: data.visitorToken, agent: data.agent, consentText: data.consentText });
        setPhase({ kind: 'ready' });
      } catch (error) {
        if (error instanceof ChatNetworkError) setPhase({ kind: 'error', message: '网络连接失败，请检查网络后重试', retryable: true });
        else setPhase({ kind: 'error', message: (error as Error).message || '加载失败' });
      }
    },
    [agentId],
  );

  useEffect(() => {
    void start(false);
  }, [start]);

  const deliver = useCallback(async (clientMsgId: string, content: string) => {
    const current = sessionRef.current;
    if (!current) return;
    dispatch({ type: 'outgoing', clientMsgId, state: 'sending' });
    try {
      await sendChatMessage({ conversationId: current.conversationId, visitorToken: current.visitorToken, clientMsgId, content });
    } catch (error) {
      if (error instanceof ChatNetworkError && !connectedRef.current) {
        // Sent again as soon as the stream is back.
        dispatch({ type: 'outgoing', clientMsgId, state: 'queued' });
      } else {
        dispatch({ type: 'outgoing', clientMsgId, state: 'failed', error: (error as Error).message });
      }
    }
  }, []);

  const flushQueued = useCallback(() => {
    for (const o of stateRef.current.outgoing) if (o.state === 'queued') void deliver(o.clientMsgId, o.content);
  }, [deliver]);

  const conversationId = session?.conversationId;
  const visitorToken = session?.visitorToken;
  useEffect(() => {
    if (conversationId === undefined || visitorToken === undefined) return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_MIN_MS;
    let stopped = false;

    const lost = () => {
      source?.close();
      source = undefined;
      connectedRef.current = false;
      setConnection('reconnecting');
    };
    const scheduleRetry = () => {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    };
    function connect() {
      if (stopped) return;
      clearTimeout(retryTimer);
      source?.close();
      // `after` from the page's own state: the browser's automatic retry would resume from its last
      // event id, which a page reload or a new EventSource does not know.
      const es = new EventSource(chatStreamUrl(conversationId!, visitorToken!, stateRef.current.lastSeq));
      source = es;
      es.onopen = () => {
        delay = RETRY_MIN_MS;
        connectedRef.current = true;
        setConnection('open');
        flushQueued();
      };
      es.onerror = () => {
        if (source !== es) return;
        lost();
        scheduleRetry();
      };
      es.addEventListener('message', (e) => {
        const message = parse<ChatMessage>(e);
        if (message) dispatch({ type: 'message', message });
      });
      es.addEventListener('delta', (e) => {
        const d = parse<{ tempId: string; messageId?: number; text: string }>(e);
        if (d) dispatch({ type: 'delta', tempId: d.tempId, messageId: d.messageId, text: d.text });
      });
      es.addEventListener('status', (e) => {
        const s = parse<{ status: ConversationStatus; assigneeName?: string }>(e);
        if (s) dispatch({ type: 'status', status: s.status, assigneeName: s.assigneeName });
      });
      es.addEventListener('typing', (e) => {
        const t = parse<{ sender: 'ai' | 'staff'; on: boolean }>(e);
        if (t) dispatch({ type: 'typing', sender: t.sender, on: t.on });
      });
    }
    const onOffline = () => {
      lost();
      clearTimeout(retryTimer);
    };
    const onOnline = () => {
      delay = RETRY_MIN_MS;
      connect();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    setConnection('connecting');
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      connectedRef.current = false;
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [conversationId, visitorToken, flushQueued]);

  const send = useCallback(
    (content: string) => {
      const text = content.trim();
      if (!text) return;
      const clientMsgId = newClientMsgId();
      const queued = !connectedRef.current;
      dispatch({ type: 'send', clientMsgId, content: text, now: Date.now(), queued });
      if (!queued) void deliver(clientMsgId, text);
    },
    [deliver],
  );

  const resend = useCallback(
    (clientMsgId: string) => {
      const o = stateRef.current.outgoing.find((x) => x.clientMsgId === clientMsgId);
      if (o) void deliver(o.clientMsgId, o.content);
    },
    [deliver],
  );

  const handoff = useCallback(async () => {
    const current = sessionRef.current;
    if (!current) return;
    try {
      await requestHandoff({ conversationId: current.conversationId, visitorToken: current.visitorToken });
    } catch (error) {
      setNotice((error as Error).message);
    }
  }, []);

  /** Resolves to an error message, or undefined once the server has the details. */
  const contact = useCallback(async (fields: ContactFields): Promise<string | undefined> => {
    const current = sessionRef.current;
    if (!current) return '会话尚未就绪';
    try {
      await submitContact({ conversationId: current.conversationId, visitorToken: current.visitorToken, consent: true, ...fields });
      localStorage.setItem(contactKey(current.conversationId), '1');
      setContactDone(true);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }, []);

  const reopen = useCallback(
    (fresh: boolean) => {
      setSession(undefined);
      setPhase({ kind: 'loading' });
      void start(fresh);
    },
    [start],
  );
  /** 开始新会话 after the conversation ended. */
  const restart = useCallback(() => reopen(true), [reopen]);
  /** 重试 after the server could not be reached. */
  const retry = useCallback(() => reopen(false), [reopen]);

  return { phase, session, state, connection, contactDone, notice, setNotice, send, resend, handoff, contact, restart, retry };
}
