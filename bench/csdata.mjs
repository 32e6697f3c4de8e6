// 客服数据 over a year: `node bench/csdata.mjs` (add `--pglite-only` to skip PostgreSQL).
// On a disposable database (in-memory PGlite, then a fresh database on TEST_DATABASE_URL's server when it
// is set): 20 agents, a year of rollup rows (365 days × 20 agents × 4 channels = 29,200 rows), a year of
// source history (conversations, messages, leads) behind them and one day of live source rows for today.
// The real app answers through app.inject, so the times are the server's own (routing, auth, SQL,
// serialisation) without a network: GET /ai/csData/list and /ai/csData/charts over 7 days and over the
// year, p50/p95 of RUNS requests each after a warm-up. Budget (issue 9): ≤ 200 ms. It also times one
// rollup pass (the last days rebuilt from the source tables) and the full backfill of an empty table.
// Results go to docs/benchmarks.md, section "客服数据".
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { writeDocSection } from './doc-section.mjs';

register();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = (file) => import(path.join(root, 'apps/server', file));

const { sql } = await import('drizzle-orm');
const { buildApp } = await server('src/app.ts');
const { loadConfig } = await server('src/config.ts');
const { MemoryKv } = await server('src/infra/kv.ts');
const { MemoryPubSub } = await server('src/infra/pubsub.ts');
const { aiAgent } = await server('src/db/schema/index.ts');
const { rollupPass, rebuildDays } = await server('src/modules/ai/csData/rollup.ts');
const { addDays, chinaDayOf, dayStart } = await server('src/modules/ai/csData/days.ts');
const { createTestDatabase } = await server('test/helpers/db.ts');
const shared = await import(path.join(root, 'packages/shared/src/index.ts'));

const AGENTS = 20;
/** The product has three channels; a fourth name brings the rollup to the issue's 4 channels. */
const CHANNELS = ['web', 'douyin', 'boss', 'wecom'];
const DAYS = 365;
/** Source history per day (all agents and channels) and today's conversations per agent × channel. */
const HISTORY_PER_DAY = 200;
const TODAY_PER_AGENT_CHANNEL = 25;
const WARMUP = 5;
const RUNS = 40;
const BUDGET_MS = 200;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const channelList = sql.raw(`array[${CHANNELS.map((c) => `'${c}'`).join(', ')}]`);

async function seed(db, today) {
  await db.insert(aiAgent).values(
    Array.from({ length: AGENTS }, (_, i) => ({
      name: `压测客服${i + 1}`,
      status: 'published',
      params: shared.DEFAULT_MODEL_PARAMS,
      handoff: shared.DEFAULT_HANDOFF,
      businessHours: shared.DEFAULT_BUSINESS_HOURS,
      leadGoal: shared.DEFAULT_LEAD_GOAL,
      createBy: 'admin',
      createTime: new Date(),
    })),
  );
  const agents = sql`(select agent_id from ai_agent where name like '压测客服%')`;
  const first = addDays(today, -DAYS);
  // The rollup: every day before today, every agent and channel, with plausible counts and histograms.
  await db.execute(sql`
    insert into ai_stat_daily (day, agent_id, channel, conversations, customer_messages, ai_replies, leads, contacted, converted,
      handoffs, ai_resolved, knowledge_hits, tokens, first_response_hist, update_time)
    select d::date, a.agent_id, ch, n, n * 4, n * 4, n / 5, n / 8, n / 20, n / 10, n / 2, n, n * 900,
      jsonb_build_array(n / 3, n / 4, n / 6, n / 8, n / 10, n / 12, n / 20, n / 30, 1, 1, 0, 0, 0), now()
    from generate_series(${first}::date, ${addDays(today, -1)}::date, interval '1 day') d
    cross join ${agents} a
    cross join unnest(${channelList}) ch
    cross join lateral (select (10 + floor(random() * 40))::int + (a.agent_id % 2) * (extract(day from d))::int as n) x`);
  // Source history over the year and today's conversations up to now: 4 messages each (customer, AI,
  // customer, AI from the knowledge base or a rule), a lead for every fifth, a tenth handed to staff.
  const start = dayStart(today);
  const elapsed = Math.max(60_000, Date.now() - start.getTime() - 60_000);
  await db.execute(sql`
    insert into ai_conversation (agent_id, channel, visitor_id, status, turns, last_seq, last_message_time, create_time)
    select agent_id, ch, 'bench-h-' || g, case when g % 10 = 0 then 'human' else 'closed' end, 2, 4, t + interval '30 seconds', t
    from generate_series(1, ${DAYS * HISTORY_PER_DAY}) g
    cross join lateral (select (select agent_id from ${agents} x order by agent_id offset g % ${AGENTS} limit 1) as agent_id,
      (${channelList})[1 + (g / ${AGENTS}) % ${CHANNELS.length}] as ch,
      ${start}::timestamptz - (random() * ${DAYS} * interval '1 day') as t) p`);
  await db.execute(sql`
    insert into ai_conversation (agent_id, channel, visitor_id, status, turns, last_seq, last_message_time, create_time)
    select a.agent_id, ch, 'bench-t-' || a.agent_id || ch || g, case when g % 10 = 0 then 'waiting' when g % 3 = 0 then 'closed' else 'ai' end,
      2, 4, t + interval '30 seconds', t
    from ${agents} a cross join unnest(${channelList}) ch cross join generate_series(1, ${TODAY_PER_AGENT_CHANNEL}) g
    cross join lateral (select ${start}::timestamptz + random() * ${elapsed} * interval '1 millisecond' as t) p`);
  await db.execute(sql`
    insert into ai_message (conversation_id, seq, sender, content, hit, prompt_tokens, completion_tokens, create_time)
    select c.conversation_id, s.seq, case when s.seq % 2 = 1 then 'customer' else 'ai' end, '压测消息',
      case when s.seq % 2 = 0 then jsonb_build_object('type', case when random() < 0.4 then 'knowledge' else 'rule' end) end,
      case when s.seq % 2 = 0 then 300 else 0 end, case when s.seq % 2 = 0 then 60 else 0 end,
      c.create_time + (s.seq - 1) * (random() * 10 + 1) * interval '1 second'
    from ai_conversation c cross join generate_series(1, 4) s(seq) where c.visitor_id like 'bench-%'`);
  await db.execute(sql`
    insert into crm_lead (customer_id, conversation_id, agent_id, channel, status, captured_time, create_time)
    select conversation_id, conversation_id, agent_id, channel, (array['new', 'assigned', 'contacted', 'converted'])[1 + conversation_id % 4],
      create_time + interval '20 seconds', create_time + interval '20 seconds'
    from ai_conversation where visitor_id like 'bench-%' and conversation_id % 5 = 0`);
  await db.execute(sql`update sys_config set config_value = 'false' where config_key = 'sys.account.captchaEnabled'`);
  for (const table of ['ai_stat_daily', 'ai_conversation', 'ai_message', 'crm_lead']) await db.execute(sql.raw(`vacuum analyze ${table}`));
}

async function count(db, table) {
  const [row] = await db.select({ n: sql`count(*)::int` }).from(sql.raw(table));
  return row.n;
}

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function benchKind(kind) {
  const database = await createTestDatabase({ postgres: kind === 'postgres' });
  const { db } = database;
  const today = chinaDayOf(Date.now());
  const seedMs = await timed(() => seed(db, today));
  const config = loadConfig(
    { ...process.env, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01', ENCRYPTION_KEY: 'bench-encryption-key-bench-encryption-key' },
    { dataDir: database.dataDir },
  );
  const kv = new MemoryKv();
  const deps = { config, database, kv, pubsub: new MemoryPubSub(), now: Date.now };
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  try {
    // The timer's first pass starts with the server: a rebuild waits for its lock, so timing starts after it.
    await rebuildDays(deps, { from: addDays(today, -1), to: addDays(today, -1) });
    const sizes = { rollup: await count(db, 'ai_stat_daily'), conversations: await count(db, 'ai_conversation'), messages: await count(db, 'ai_message'), leads: await count(db, 'crm_lead') };
    const login = await app.inject({ method: 'POST', url: '/prod-api/login', payload: { username: 'admin', password: 'admin123' } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const [firstAgent] = await db.select({ id: aiAgent.agentId }).from(aiAgent).where(sql`${aiAgent.name} = '压测客服1'`);
    const year = `params%5BbeginTime%5D=${addDays(today, -DAYS)}&params%5BendTime%5D=${today}`;
    const cases = [
      ['list, 7 days (default)', '/ai/csData/list?pageNum=1&pageSize=10'],
      ['charts, 7 days (default)', '/ai/csData/charts'],
      ['list, 1 year', `/ai/csData/list?pageNum=1&pageSize=10&${year}`],
      ['list, 1 year, by capture rate', `/ai/csData/list?pageNum=1&pageSize=10&orderByColumn=captureRate&isAsc=descending&${year}`],
      ['list, 1 year, one agent', `/ai/csData/list?pageNum=1&pageSize=10&agentId=${firstAgent.id}&${year}`],
      ['charts, 1 year', `/ai/csData/charts?${year}`],
      ['charts, 1 year, one channel', `/ai/csData/charts?channel=douyin&${year}`],
    ];
    const results = [];
    for (const [name, url] of cases) {
      const times = [];
      let total = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/prod-api${url}`, headers });
        const ms = performance.now() - t0;
        const body = res.json();
        if (body.code !== 200) throw new Error(`${name}: ${body.msg}`);
        total = body.total ?? body.data?.trend.length;
        if (i >= WARMUP) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const r = { name, p50: percentile(times, 50), p95: percentile(times, 95), rows: total };
      console.log(`${kind} ${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${name.startsWith('list') ? 'rows' : 'days'} ${total})`);
      results.push(r);
    }
    const passMs = await timed(() => rollupPass(deps));
    await db.execute(sql`delete from ai_stat_daily`);
    const backfillMs = await timed(() => rollupPass(deps));
    console.log(`${kind} rollup pass ${passMs.toFixed(0)} ms, full backfill ${backfillMs.toFixed(0)} ms (seeded in ${(seedMs / 1000).toFixed(1)} s)`);
    return { kind: database.kind, sizes, results, passMs, backfillMs };
  } finally {
    await app.close();
    await kv.close();
    await database.close();
  }
}

const sh = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8' }).trim();
const kinds = ['pglite', ...(process.env.TEST_DATABASE_URL && !process.argv.includes('--pglite-only') ? ['postgres'] : [])];
const runs = [];
for (const kind of kinds) runs.push(await benchKind(kind));

const cpu = sh('lscpu', []).split('\n').find((l) => l.startsWith('Model name:'))?.replace('Model name:', '').trim() ?? os.cpus()[0]?.model;
const within = runs.every((run) => run.results.every((r) => r.p95 <= BUDGET_MS));
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} with \`node bench/csdata.mjs\` on \`${sh('uname', ['-a'])}\`, ` +
    `${sh('nproc', [])} CPUs (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; the machine is shared with other work.`,
  '',
  `Data: ${AGENTS} agents × ${CHANNELS.length} channels × ${DAYS} days of rollup rows (the fourth channel name is synthetic), ` +
    `${DAYS * HISTORY_PER_DAY} conversations of source history behind them and ${AGENTS * CHANNELS.length * TODAY_PER_AGENT_CHANNEL} of today ` +
    `(4 messages each, a lead for every fifth), so today's numbers are computed live among a year of source rows. Each request ` +
    `goes through the real app with \`app.inject\` as admin (no data scope), ${RUNS} times after ${WARMUP} warm-ups, one at a time. ` +
    `Budget: ≤ ${BUDGET_MS} ms per request (issue 9). Verdict: **${within ? 'within' : 'over'}**.`,
  '',
  `| request | ${runs.map((r) => `${r.kind} p50 | ${r.kind} p95`).join(' | ')} |`,
  `|---|${runs.map(() => '---|---').join('|')}|`,
  ...runs[0].results.map((r, i) => `| ${r.name} | ${runs.map((run) => `${fmt(run.results[i].p50)} | ${fmt(run.results[i].p95)}`).join(' | ')} |`),
  '',
  ...runs.map(
    (run) =>
      `- ${run.kind}: ${run.sizes.rollup.toLocaleString('en')} rollup rows, ${run.sizes.conversations.toLocaleString('en')} conversations, ` +
      `${run.sizes.messages.toLocaleString('en')} messages, ${run.sizes.leads.toLocaleString('en')} leads; one rollup pass (the last days rebuilt from the source) ` +
      `${run.passMs.toFixed(0)} ms, the backfill of an empty table (every day of the year from the source) ${run.backfillMs.toFixed(0)} ms.`,
  ),
  '- The rollup holds a little under 29,200 rows: the server\'s first pass rebuilds the last days from the source history, ' +
    'which has fewer agent × channel pairs a day than the synthetic rows.',
  '- Where a one-year list goes on PGlite (profiled with EXPLAIN ANALYZE when this bench was written): today\'s live rows about 50 ms, ' +
    'the totals with the element-wise sum of 29,000 first-response histograms (jsonb) about 65 ms, the sorted page about 20 ms. ' +
    'Runs while other work loaded the machine reached a p95 of about 210 ms there; PostgreSQL runs the two statements in parallel.',
];
writeDocSection(path.join(root, 'docs/benchmarks.md'), '客服数据', lines.join('\n'));
console.log(within ? 'within budget' : 'over budget');
process.exit(within ? 0 : 1);
