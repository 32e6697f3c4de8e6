import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../src/app';
import { aiKnowledge, aiReplyRule, aiVariable } from '../../../src/db/schema';
import { bumpAgentVersion, loadAgentBundle, turnVariables } from '../../../src/modules/ai/agent/bundle';
import { createTestApp, type TestApp } from '../../helpers/app';
import { postgresAvailable } from '../../helpers/db';
import { redisAvailable } from '../../helpers/kv';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { createAgent, requester, type Requester } from './support';

const backends: [string, { postgres?: boolean; redis?: boolean }][] = [
  ['PGlite + memory store', {}],
  ...(postgresAvailable && redisAvailable ? [['PostgreSQL + Redis', { postgres: true, redis: true }] as [string, { postgres: boolean; redis: boolean }]] : []),
];

describe.each(backends)('agent bundle on %s', (_name, backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let agentId: number;
  let req: Requester;
  const db = () => t.deps.database.db;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, 'admin', 'admin123');
    req = requester(t, admin);
    agentId = await createAgent(t, admin, { name: '缓存客服', template: 'general' });
  });

  it('is null for a missing agent and the same object while nothing changed', async () => {
    expect(await loadAgentBundle(t.deps, 987654)).toBeNull();
    const first = await loadAgentBundle(t.deps, agentId);
    expect(first?.row.name).toBe('缓存客服');
    expect(first?.rules).toHaveLength(2);
    expect(first?.knowledge).toHaveLength(3);
    expect(await loadAgentBundle(t.deps, agentId)).toBe(first);
  });

  it('sees a rule added through the API on the next load', async () => {
    const before = await loadAgentBundle(t.deps, agentId);
    expect((await req('POST', `/ai/agent/${agentId}/rule`, { matchType: 'keyword', pattern: '发票', reply: '可以开发票' })).code).toBe(200);
    const after = await loadAgentBundle(t.deps, agentId);
    expect(after).not.toBe(before);
    expect(after?.rules.map((r) => r.pattern)).toContain('发票');
  });

  it('drops a disabled knowledge entry from the index', async () => {
    const [entry] = await db().select().from(aiKnowledge).where(and(eq(aiKnowledge.agentId, agentId), eq(aiKnowledge.question, '价格怎么算？')));
    expect((await loadAgentBundle(t.deps, agentId))?.index.search('价格怎么算', 1)[0]?.entry.knowledgeId).toBe(entry.knowledgeId);
    await req('PUT', `/ai/agent/${agentId}/knowledge/changeStatus`, { knowledgeId: entry.knowledgeId, status: '1' });
    const bundle = await loadAgentBundle(t.deps, agentId);
    expect(bundle?.knowledge.map((k) => k.knowledgeId)).not.toContain(entry.knowledgeId);
    expect(bundle?.index.search('价格怎么算', 5).map((h) => h.entry.knowledgeId)).not.toContain(entry.knowledgeId);
  });

  it('follows settings, agent values and global variables; renders fallbacks and system values for a turn', async () => {
    await req('PUT', '/ai/agent', { agentId, name: '缓存客服改' });
    expect((await loadAgentBundle(t.deps, agentId))?.engine.name).toBe('缓存客服改');

    const [phone] = await db().select().from(aiVariable).where(and(eq(aiVariable.agentId, agentId), eq(aiVariable.varKey, 'contact_phone')));
    let bundle = await loadAgentBundle(t.deps, agentId);
    expect(bundle?.variables.contact_phone).toBeUndefined();
    expect(turnVariables(bundle!, t.deps.now(), '王女士')).toMatchObject({
      contact_phone: '我们的客服电话',
      agent_name: '缓存客服改',
      customer_name: '王女士',
    });
    await req('PUT', `/ai/agent/${agentId}/variables`, { values: [{ variableId: phone.variableId, value: '400-123-4567' }] });
    bundle = await loadAgentBundle(t.deps, agentId);
    expect(bundle?.variables.contact_phone).toBe('400-123-4567');

    expect((await req('POST', '/ai/variable', { varKey: 'slogan', label: '口号', defaultValue: '用心服务' })).code).toBe(200);
    expect((await loadAgentBundle(t.deps, agentId))?.variables.slogan).toBe('用心服务');
  });

  it('is shared across instances through the store: another instance reloads only after a bump', async () => {
    // A second instance: same database and store, its own in-process cache.
    const other: AppDeps = { ...t.deps, database: { ...t.deps.database } };
    const cached = await loadAgentBundle(other, agentId);
    // Written behind the API's back: nobody bumped, so both instances keep what they hold.
    await db().insert(aiReplyRule).values({ agentId, matchType: 'exact', pattern: '暗号', reply: '收到' });
    expect(await loadAgentBundle(other, agentId)).toBe(cached);
    await bumpAgentVersion(t.deps, agentId);
    expect((await loadAgentBundle(other, agentId))?.rules.map((r) => r.pattern)).toContain('暗号');
  });
});
