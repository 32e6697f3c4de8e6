import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiMessage } from '../../src/db/schema';
import { buildApp } from '../../src/app';
import { gracefulShutdown } from '../../src/shutdown';
import { SHUTDOWN_RETRY_JITTER_MS, SHUTDOWN_RETRY_MS } from '../../src/modules/ai/runtime/sse';
import { createTestApp, type TestApp } from '../helpers/app';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai';
import { allowPrivateModels } from '../helpers/outbound';
import { addProvider, API, createAgent, SseReader, visitor } from '../ai/runtime/support';

let base: TestApp;
let fake: FakeOpenAI;
beforeAll(async () => {
  base = await createTestApp();
  fake = await startFakeOpenAI();
  await allowPrivateModels(base);
});
afterAll(() => fake.close());

/** A server of its own on the test app's database (the test shuts it down), with a route the test holds in flight. */
async function serverWithSlowRoute() {
  const app = await buildApp(base.deps, { logger: false });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let entered = 0;
  app.get('/test/slow', async () => {
    entered += 1;
    await released;
    return { done: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, release, entered: () => entered, t: { ...base, app } };
}

/** A raw HTTP/1.1 keep-alive connection: requests written as the test says, everything read until the server closes it. */
function connection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  const closed = new Promise<string>((resolve, reject) => {
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  return { get: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`), closed };
}

describe('graceful shutdown', () => {
  it('ends streams with a retry hint, finishes in-flight requests, answers later ones 503, then closes resources and exits 0', async () => {
    const s = await serverWithSlowRoute();
    const agentId = await createAgent(s.t);
    const v = await visitor(s.t, agentId);
    const customer = await SseReader.open(`${s.url}${API}/chat/stream?conversationId=${v.conversationId}&visitorToken=${v.session.visitorToken}`);
    await customer.waitFor((e) => e.event === 'status');
    const probing = connection(s.url);
    probing.get('/test/slow');
    // Left open after its response: the server must still close without waiting for its idle timeout.
    const keptAlive = connection(s.url);
    keptAlive.get('/test/slow');
    await expect.poll(s.entered).toBe(2);

    const closed: string[] = [];
    const exits: number[] = [];
    const shutdown = gracefulShutdown(s.app, {
      resources: ['pubsub', 'kv', 'db'].map((name) => ({ close: async () => void closed.push(name) })),
      exit: (code) => exits.push(code),
    });
    const done = shutdown('SIGTERM');
    expect(shutdown('SIGINT')).toBe(done);

    await customer.ended;
    expect(customer.retry).toBeGreaterThanOrEqual(SHUTDOWN_RETRY_MS);
    expect(customer.retry).toBeLessThan(SHUTDOWN_RETRY_MS + SHUTDOWN_RETRY_JITTER_MS);
    await expect(fetch(`${s.url}${API}/health/live`)).rejects.toThrow();
    // A readiness probe on a connection that is still open is refused while the server drains.
    probing.get(`${API}/health/ready`);
    expect(closed).toEqual([]);

    s.release();
    const probed = await probing.closed;
    expect(probed).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\{"done":true\}HTTP\/1\.1 503 Service Unavailable/);
    expect(await keptAlive.closed).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\{"done":true\}$/);
    await done;
    expect(closed).toEqual(['pubsub', 'kv', 'db']);
    expect(exits).toEqual([0]);
  });

  it('lets a chat answer still being generated finish and be stored before the resources close', async () => {
    const app = await buildApp(base.deps, { logger: false });
    const t = { ...base, app };
    // fake-slow streams its answer over several hundred milliseconds.
    const agentId = await createAgent(t, { providerId: await addProvider(t, fake.baseUrl, fake.apiKey, 5000), model: 'fake-slow' });
    const v = await visitor(t, agentId);
    const asked = fake.requests.length;
    expect((await v.send('帮我看看这个')).code).toBe(200);
    await expect.poll(() => fake.requests.length).toBe(asked + 1);

    const storedAtClose: Array<{ sender: string; content: string }> = [];
    const exits: number[] = [];
    const db = {
      close: async () => {
        const rows = await base.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, v.conversationId)).orderBy(aiMessage.seq);
        storedAtClose.push(...rows.map((m) => ({ sender: m.sender, content: m.content })));
      },
    };
    await gracefulShutdown(app, { resources: [db], exit: (code) => exits.push(code) })('SIGTERM');
    expect(storedAtClose).toEqual([
      { sender: 'customer', content: '帮我看看这个' },
      { sender: 'ai', content: '你好，帮我看看这个' },
    ]);
    expect(exits).toEqual([0]);
  });

  it('closes the resources and exits 1 when background work outlasts its share of the timeout', async () => {
    const app = await buildApp(base.deps, { logger: false });
    app.backgroundTasks.track(new Promise<void>(() => undefined));
    const closed: string[] = [];
    const exits: number[] = [];
    await gracefulShutdown(app, { resources: [{ close: async () => void closed.push('db') }], timeoutMs: 500, exit: (code) => exits.push(code) })('SIGTERM');
    expect(closed).toEqual(['db']);
    expect(exits).toEqual([1]);
  });

  it('exits 1 when closing takes longer than the hard timeout', async () => {
    const app = await buildApp(base.deps, { logger: false });
    const exits: number[] = [];
    const shutdown = gracefulShutdown(app, { resources: [{ close: () => new Promise<void>(() => undefined) }], timeoutMs: 100, exit: (code) => exits.push(code) });
    void shutdown('SIGTERM');
    await expect.poll(() => exits).toEqual([1]);
  });
});
