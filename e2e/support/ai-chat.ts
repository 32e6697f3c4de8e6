import { expect, type APIRequestContext } from '@playwright/test';
import { adminHeaders, API } from './session';

/** Creates an agent from a template (留资获客 by default) and publishes it, as an admin would in AI客服列表. */
export async function publishedAgent(request: APIRequestContext, name: string, template = 'lead'): Promise<number> {
  const headers = await adminHeaders(request);
  const created = (await (await request.post(`${API}/ai/agent`, { headers, data: { name, template } })).json()) as {
    code: number;
    msg: string;
    data: number;
  };
  expect(created, created.msg).toMatchObject({ code: 200 });
  const published = (await (
    await request.put(`${API}/ai/agent/${created.data}/status`, { headers, data: { status: 'published' } })
  ).json()) as { code: number; msg: string };
  expect(published, published.msg).toMatchObject({ code: 200 });
  return created.data;
}

export interface ApiVisitor {
  conversationId: number;
  visitorToken: string;
  say(content: string): Promise<void>;
}

let sent = 0;

/** A customer of the public chat driven through its API (a new visitor each time), for screens that only need conversations to exist. */
export async function apiVisitor(request: APIRequestContext, agentId: number): Promise<ApiVisitor> {
  const res = await request.post(`${API}/chat/session`, { data: { agentId } });
  const body = (await res.json()) as { code: number; msg: string; data: { visitorToken: string; conversation: { conversationId: number } } };
  expect(body, body.msg).toMatchObject({ code: 200 });
  const { visitorToken } = body.data;
  const { conversationId } = body.data.conversation;
  return {
    conversationId,
    visitorToken,
    async say(content) {
      const r = await request.post(`${API}/chat/message`, {
        data: { conversationId, visitorToken, clientMsgId: `e2e-${Date.now()}-${++sent}`, content },
      });
      const b = (await r.json()) as { code: number; msg: string };
      expect(b, b.msg).toMatchObject({ code: 200 });
    },
  };
}
