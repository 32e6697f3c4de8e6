import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { MemoryPubSub, type PubSub } from '../../../src/infra/pubsub';
import { createTestPubSub } from '../../helpers/pubsub';
import { redisAvailable } from '../../helpers/kv';
import { eventually } from '../../common/support';

const opened: PubSub[] = [];
afterAll(async () => {
  for (const p of opened) await p.close();
});

async function open(redis: boolean, prefix?: string): Promise<PubSub> {
  const p = await createTestPubSub({ redis, prefix });
  opened.push(p);
  return p;
}

function collector() {
  const got: unknown[] = [];
  return { got, handler: (e: unknown) => got.push(e) };
}

const modes: Array<[string, boolean]> = [['in-process', false], ...(redisAvailable ? [['Redis', true] as [string, boolean]] : [])];

describe.each(modes)('pub/sub (%s)', (_name, redis) => {
  it('delivers JSON events to every subscriber of the channel, dates in the wire format', async () => {
    const ps = await open(redis);
    const a = collector();
    const b = collector();
    const other = collector();
    const offA = ps.subscribe('chat:conv:1', a.handler);
    const offB = ps.subscribe('chat:conv:1', b.handler);
    const offOther = ps.subscribe('chat:conv:2', other.handler);
    await Promise.all([offA.ready, offB.ready, offOther.ready]);

    await ps.publish('chat:conv:1', { type: 'message', at: new Date('2026-01-02T03:04:05Z') });
    await eventually(async () => a.got.length === 1 && b.got.length === 1);
    expect(a.got[0]).toEqual({ type: 'message', at: '2026-01-02 11:04:05' });
    expect(b.got[0]).toEqual(a.got[0]);

    offA();
    await ps.publish('chat:conv:1', { n: 2 });
    await eventually(async () => b.got.length === 2);
    expect(a.got).toHaveLength(1);
    expect(other.got).toHaveLength(0);
    offB();
    offOther();
  });

  it('keeps delivering to the others when one handler throws', async () => {
    const ps = await open(redis);
    const good = collector();
    const off1 = ps.subscribe('c', () => {
      throw new Error('broken stream');
    });
    const off2 = ps.subscribe('c', good.handler);
    await Promise.all([off1.ready, off2.ready]);
    await ps.publish('c', 'x');
    await eventually(async () => good.got.length === 1);
    off1();
    off2();
  });
});

describe('in-process pub/sub', () => {
  it('takes thousands of subscribers on one channel without a max-listeners warning', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    const ps = new MemoryPubSub();
    let received = 0;
    const offs = Array.from({ length: 1500 }, () => ps.subscribe('chat:staff', () => received++));
    await ps.publish('chat:staff', { type: 'conversation' });
    await eventually(async () => received === 1500);
    for (const off of offs) off();
    await new Promise((r) => setTimeout(r, 10));
    process.off('warning', onWarning);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    await ps.close();
  });
});

describe.runIf(redisAvailable)('Redis pub/sub across processes', () => {
  it('an event published by one instance reaches the subscribers of another', async () => {
    const prefix = `test:${randomUUID()}:`;
    const one = await open(true, prefix);
    const two = await open(true, prefix);
    const got = collector();
    const off = two.subscribe('chat:staff', got.handler);
    await off.ready;
    await one.publish('chat:staff', { type: 'message', conversationId: 7 });
    await eventually(async () => got.got.length === 1);
    expect(got.got[0]).toEqual({ type: 'message', conversationId: 7 });
    off();
  });

  it('subscribes a channel once per process and unsubscribes when its last handler leaves', async () => {
    const prefix = `test:${randomUUID()}:`;
    const ps = await open(true, prefix);
    const probe = new Redis(process.env.TEST_REDIS_URL as string);
    const numsub = async () => Number(((await probe.pubsub('NUMSUB', `${prefix}chat:conv:9`)) as [string, number])[1]);
    try {
      const offs = Array.from({ length: 5 }, () => ps.subscribe('chat:conv:9', () => undefined));
      await Promise.all(offs.map((o) => o.ready));
      expect(await numsub()).toBe(1);
      for (const off of offs.slice(1)) off();
      expect(await numsub()).toBe(1);
      offs[0]();
      await eventually(async () => (await numsub()) === 0);
    } finally {
      await probe.quit();
    }
  });
});
