import { eq } from 'drizzle-orm';
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_FALLBACK_REPLY,
  DEFAULT_HANDOFF,
  DEFAULT_LEAD_GOAL,
  DEFAULT_MODEL_PARAMS,
  type ReplyMatchType,
} from '@acs/shared';
import { aiAgent, aiModelProvider, aiReplyRule } from '../../../src/db/schema';
import { encryptSecret } from '../../../src/infra/crypto';
import { bumpAgentVersion } from '../../../src/modules/ai/agent/bundle';
import type { TestApp } from '../../helpers/app';
import { call } from '../../common/support';

export const API = '/prod-api';

type AgentValues = Partial<typeof aiAgent.$inferInsert>;

let agentSeq = 0;

/** A published agent on the built-in engine with the shared defaults (a row, as the console would save it). */
export async function createAgent(t: TestApp, values: AgentValues = {}): Promise<number> {
  agentSeq += 1;
  const [row] = await t.deps.database.db
    .insert(aiAgent)
    .values({
      name: `测试客服${agentSeq}`,
      status: 'published',
      params: DEFAULT_MODEL_PARAMS,
      handoff: DEFAULT_HANDOFF,
      businessHours: DEFAULT_BUSINESS_HOURS,
      leadGoal: DEFAULT_LEAD_GOAL,
      fallbackReply: DEFAULT_FALLBACK_REPLY,
      welcomeMessage: '您好，我是{{agent_name}}，请问有什么可以帮您？',
      quickQuestions: ['营业时间', '怎么收费'],
      createTime: new Date(t.deps.now()),
      ...values,
    })
    .returning({ agentId: aiAgent.agentId });
  return row.agentId;
}

/** Changes an agent's row and drops its cached bundle, as the agent screens do. */
export async function updateAgent(t: TestApp, agentId: number, values: AgentValues): Promise<void> {
  await t.deps.database.db.update(aiAgent).set(values).where(eq(aiAgent.agentId, agentId));
  await bumpAgentVersion(t.deps, agentId);
}

export async function addRule(t: TestApp, agentId: number, pattern: string, reply: string, matchType: ReplyMatchType = 'keyword'): Promise<number> {
  const [row] = await t.deps.database.db.insert(aiReplyRule).values({ agentId, matchType, pattern, reply }).returning({ ruleId: aiReplyRule.ruleId });
  await bumpAgentVersion(t.deps, agentId);
  return row.ruleId;
}

/** A model provider row pointing at the fake OpenAI server. */
export async function addProvider(t: TestApp, baseUrl: string, apiKey: string, timeoutMs = 2000): Promise<number> {
  const [row] = await t.deps.database.db
    .insert(aiModelProvider)
    .values({ name: `假模型${baseUrl.slice(-12)}${apiKey.slice(-4)}${timeoutMs}`, baseUrl, apiKeyEnc: encryptSecret(t.deps.config.encryptionKey, apiKey), timeoutMs })
    .returning({ providerId: aiModelProvider.providerId });
  return row.providerId;
}

export interface Session {
  visitorId: string;
  visitorToken: string;
  conversation: { conversationId: number; status: string; assigneeName: string };
  agent: { name: string; avatar: string; welcome: string; quickQuestions: string[]; offHours: boolean; offHoursText: string };
  messages: PublicMessage[];
  consentText: string;
}

export interface PublicMessage {
  messageId: number;
  seq: number;
  clientMsgId: string | null;
  sender: string;
  senderName: string;
  content: string;
  createTime: string;
  tempId?: string;
}

/** Each test gets its own client address so the per-IP limits of one test never touch another. */
let ipSeq = 0;
export const nextIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

export async function openSession(t: TestApp, body: object, ip = nextIp()) {
  return call<{ data?: Session }>(t.app, { method: 'POST', url: `${API}/chat/session`, payload: body, remoteAddress: ip });
}

/** A visitor with a session on the agent: its conversation, token and helpers to talk. */
export async function visitor(t: TestApp, agentId: number, ip = nextIp()) {
  const session = (await openSession(t, { agentId }, ip)).data as Session;
  const conversationId = session.conversation.conversationId;
  let n = 0;
  const base = { conversationId, visitorToken: session.visitorToken };
  return {
    session,
    conversationId,
    ip,
    send: (content: string, clientMsgId = `c-${conversationId}-${++n}`) =>
      call<{ data?: { seq: number; messageId: number; duplicate: boolean } }>(t.app, {
        method: 'POST',
        url: `${API}/chat/message`,
        payload: { ...base, clientMsgId, content },
        remoteAddress: ip,
      }),
    handoff: () => call<{ data?: { status: string; offHours: boolean } }>(t.app, { method: 'POST', url: `${API}/chat/handoff`, payload: base, remoteAddress: ip }),
    contact: (fields: object) =>
      call(t.app, { method: 'POST', url: `${API}/chat/contact`, payload: { ...base, consent: true, ...fields }, remoteAddress: ip }),
  };
}

export interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

/**
 * Reads a real text/event-stream over HTTP (not inject, which waits for the response to end) and
 * parses it as a browser's EventSource would.
 */
export class SseReader {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  /** The last `retry:` field: the reconnect delay (ms) the server asked for. */
  retry: number | undefined;
  status = 0;
  headers = new Headers();
  private readonly controller = new AbortController();
  private waiters: Array<() => void> = [];
  /** Settles when the server ends the stream (or close() aborts it). */
  ended: Promise<void> = Promise.resolve();

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
    const reader = new SseReader();
    const res = await fetch(url, { headers, signal: reader.controller.signal });
    reader.status = res.status;
    reader.headers = res.headers;
    if (res.body) reader.ended = reader.pump(res.body);
    return reader;
  }

  private async pump(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    let current: { event?: string; id?: string; data: string[] } = { data: [] };
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line === '') {
            if (current.data.length > 0) {
              this.events.push({ event: current.event ?? 'message', id: current.id, data: JSON.parse(current.data.join('\n')) });
            }
            current = { data: [] };
            for (const w of this.waiters.splice(0)) w();
          } else if (line.startsWith(':')) {
            this.comments.push(line.slice(1).trim());
          } else {
            const colon = line.indexOf(':');
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, '');
            if (field === 'data') current.data.push(value);
            else if (field === 'event') current.event = value;
            else if (field === 'id') current.id = value;
            else if (field === 'retry') this.retry = Number(value);
          }
        }
      }
    } catch {
      // Aborted by close().
    }
  }

  /** Resolves with the first event matching, waiting for it to arrive (rejects after `timeoutMs`). */
  async waitFor(match: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      const left = until - Date.now();
      if (left <= 0) throw new Error(`event not received; got ${JSON.stringify(this.events.map((e) => e.event))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  messages(): PublicMessage[] {
    return this.events.filter((e) => e.event === 'message').map((e) => e.data as PublicMessage);
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.ended;
  }
}

/** The app listening on a free local port (SSE tests read real streams); returns the base URL. */
export async function listen(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return address + API;
}

export const isMessage = (pred: (m: PublicMessage) => boolean) => (e: SseEvent) => e.event === 'message' && pred(e.data as PublicMessage);
