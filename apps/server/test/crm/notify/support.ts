import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../../helpers/app';
import { createAgent, SseReader, visitor, type SseEvent } from '../../ai/runtime/support';
import { addRule, disableAllRules, type MemberInput } from '../distribution/support';

export { MONDAY_10AM, MINUTE } from '../distribution/support';

let phoneSeq = 0;
/** A mainland mobile no other capture of the run uses. */
export const freshPhone = () => `136${String(process.pid % 10_000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

/**
 * A rule for a new agent of its own (so leads of other tests never match it) and a function that
 * makes a lead of that agent the way a customer does: by typing a phone number in the public chat.
 */
export async function ruleWithChat(t: TestApp, rule: Record<string, unknown> & { members: MemberInput[] }) {
  await disableAllRules(t.deps.database.db);
  const agentId = await createAgent(t);
  const ruleId = await addRule(t, { scope: { agentIds: [agentId] }, ...rule });
  return {
    ruleId,
    agentId,
    /** A visitor of the agent giving a fresh phone number; resolves once the message is accepted. */
    async captureByChat(phone = freshPhone()) {
      const v = await visitor(t, agentId);
      const sent = await v.send(`我的手机号是${phone}`);
      if (sent.code !== 200) throw new Error(`chat message refused: ${sent.msg}`);
      return { phone, conversationId: v.conversationId };
    },
  };
}

export const isLeadEvent = (e: SseEvent) => e.event === 'lead-assigned';
export const leadEvents = (reader: SseReader) => reader.events.filter(isLeadEvent).map((e) => e.data as { userId: number; lead: Record<string, unknown> });

export interface RobotRequest {
  path: string;
  body: Record<string, unknown>;
}

/** What the fake robot answers: a status and a JSON body, or nothing until released (`hold`). */
export type RobotAnswer = { status: number; body: object } | 'hold';

/**
 * A local group robot (WeCom, DingTalk and Feishu webhooks all take a JSON POST): records what it
 * receives and answers from a queue, then with `fallback` (success in WeCom's words by default).
 */
export async function fakeRobot() {
  const requests: RobotRequest[] = [];
  const queue: RobotAnswer[] = [];
  const held: Array<() => void> = [];
  let fallback: RobotAnswer = { status: 200, body: { errcode: 0, errmsg: 'ok' } };
  const readBody = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      requests.push({ path: req.url ?? '', body });
      const answer = queue.shift() ?? fallback;
      const send = (a: Exclude<RobotAnswer, 'hold'>) => {
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(a.body));
      };
      if (answer === 'hold') held.push(() => send({ status: 200, body: { errcode: 0, errmsg: 'ok' } }));
      else send(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    requests,
    url: (path: string) => base + path,
    answer: (...answers: RobotAnswer[]) => queue.push(...answers),
    always: (answer: RobotAnswer) => {
      fallback = answer;
    },
    release: () => held.splice(0).forEach((send) => send()),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
