import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import { createDatabase, type Database } from '../../../src/db/client';
import { crmLead, crmLeadEvent } from '../../../src/db/schema';
import type { KvStore } from '../../../src/infra/kv';
import type { PubSub } from '../../../src/infra/pubsub';
import { createTestApp, type TestApp } from '../../helpers/app';
import { postgresAvailable } from '../../helpers/db';
import { createTestKv, redisAvailable } from '../../helpers/kv';
import { createTestPubSub } from '../../helpers/pubsub';
import { addRule, captureNew, conversations, disableAllRules, MONDAY_10AM, salespeople } from './support';

const LEADS = 1000;
const AT_ONCE = 50;

/**
 * Two server instances behind one load balancer, as in scale mode: one PostgreSQL database reached
 * through two connection pools, one Redis. Leads arrive on both at once; the rules' shares, caps and
 * rotation must come out as if they had arrived one by one.
 */
describe.runIf(postgresAvailable && redisAvailable)('distribution across two instances (PostgreSQL + Redis)', () => {
  const prefix = `test:${randomUUID()}:`;
  let one: TestApp;
  let twoDatabase: Database;
  let twoKv: KvStore;
  let twoPubSub: PubSub;
  let two: FastifyInstance;

  beforeAll(async () => {
    one = await createTestApp({ postgres: true, redis: true, pubsubPrefix: prefix, startAt: MONDAY_10AM });
    const [{ name }] = await one.deps.database.db.select({ name: sql<string>`current_database()` }).from(sql`(values (1)) as once`);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    twoDatabase = await createDatabase({ url: url.toString() });
    twoKv = await createTestKv({ redis: true, now: one.deps.now });
    twoPubSub = await createTestPubSub({ redis: true, prefix });
    two = await buildApp({ ...one.deps, database: twoDatabase, kv: twoKv, pubsub: twoPubSub }, { logger: false });
    await two.ready();
  });

  afterAll(async () => {
    await two.close();
    await twoPubSub.close();
    await twoKv.close();
    await twoDatabase.close();
  });

  it(`${LEADS} leads captured in parallel through both instances get exactly the configured shares`, { timeout: 120_000 }, async () => {
    const db = one.deps.database.db;
    await disableAllRules(db);
    const rr = await salespeople(db, '轮一', '轮二', '轮三');
    const weighted = await salespeople(db, '权一', '权二', '权三', '权四');
    const capped = await salespeople(db, '限三十', '限五十');
    const rrRule = await addRule(one, { scope: { channels: ['web'] }, members: rr.map((userId) => ({ userId })) });
    const weightedRule = await addRule(one, { method: 'weighted', scope: { channels: ['douyin'] }, members: weighted.map((userId, i) => ({ userId, weight: i + 1 })) });
    const cappedRule = await addRule(one, { scope: { channels: ['boss'] }, members: [{ userId: capped[0], dailyCap: 30 }, { userId: capped[1], dailyCap: 50 }] });

    const channels = ['web', 'douyin', 'boss'] as const;
    const sizes = { web: 400, douyin: 400, boss: 200 };
    const byChannel = await Promise.all(channels.map((channel) => conversations(db, sizes[channel], { channel, now: one.deps.now() })));
    // Interleave the channels, so that every rule is busy on both instances at the same time.
    const convs = Array.from({ length: sizes.web }, (_, i) => byChannel.map((list) => list[i]).filter((c) => c !== undefined)).flat();
    const instanceDbs = [one.deps.database.db, twoDatabase.db];

    const started = Date.now();
    const leadIds: number[] = [];
    for (let i = 0; i < convs.length; i += AT_ONCE) {
      const batch = convs.slice(i, i + AT_ONCE);
      const results = await Promise.all(batch.map((conv, k) => captureNew(instanceDbs[(i + k) % 2], conv, one.deps.now())));
      for (const r of results) if (r.leadId !== null) leadIds.push(r.leadId);
    }
    expect(Date.now() - started).toBeLessThan(60_000);

    // None lost, none twice.
    expect(leadIds).toHaveLength(LEADS);
    expect(new Set(leadIds).size).toBe(LEADS);
    const leads = await db.select().from(crmLead).where(inArray(crmLead.leadId, leadIds));
    expect(leads).toHaveLength(LEADS);
    const events = await db
      .select()
      .from(crmLeadEvent)
      .where(inArray(crmLeadEvent.leadId, leadIds))
      .orderBy(crmLeadEvent.eventId)
      .then((rows) => rows.filter((e) => e.kind === 'assign'));
    // Every lead went through the distribution exactly once, and is owned by whom its event says.
    expect(events).toHaveLength(LEADS);
    expect(new Set(events.map((e) => e.leadId)).size).toBe(LEADS);
    const ownerOf = new Map(leads.map((l) => [l.leadId, l.ownerId]));
    for (const e of events) expect(ownerOf.get(e.leadId as number)).toBe(e.toOwnerId);

    const countsOf = (users: number[]) => users.map((u) => leads.filter((l) => l.ownerId === u).length);

    // Round robin: the counts differ by at most one, and the hand-outs go strictly round.
    const rrCounts = countsOf(rr);
    expect(rrCounts.reduce((a, b) => a + b)).toBe(sizes.web);
    expect(Math.max(...rrCounts) - Math.min(...rrCounts)).toBeLessThanOrEqual(1);
    const rrOrder = events.filter((e) => e.ruleId === rrRule).map((e) => e.toOwnerId);
    rrOrder.forEach((owner, i) => expect(owner).toBe(rrOrder[i % 3]));

    // Weighted 1:2:3:4 of 400: exactly 40, 80, 120, 160 (within the rounding at every step).
    expect(countsOf(weighted)).toEqual([40, 80, 120, 160]);
    const weightedOrder = events.filter((e) => e.ruleId === weightedRule).map((e) => e.toOwnerId);
    weighted.forEach((u, k) => {
      let got = 0;
      weightedOrder.forEach((owner, i) => {
        if (owner === u) got += 1;
        expect(Math.abs(got - ((k + 1) * (i + 1)) / 10)).toBeLessThan(1);
      });
    });

    // Caps: exactly full, never past; the rest wait in the pool.
    expect(countsOf(capped)).toEqual([30, 50]);
    const cappedLeads = leads.filter((l) => l.channel === 'boss');
    expect(cappedLeads.filter((l) => l.ownerId === null && l.status === 'new')).toHaveLength(120);
    expect(events.filter((e) => e.ruleId === cappedRule && e.toOwnerId === null)).toHaveLength(120);
  });
});
