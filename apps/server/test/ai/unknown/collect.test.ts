import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { aiUnknownQuestion } from '../../../src/db/schema';
import {
  normalizeQuestion,
  questionSimilarity,
  recordUnknownQuestion,
  UNKNOWN_SAMPLES_MAX,
  UNKNOWN_SCAN_MAX,
  type UnknownQuestionInput,
} from '../../../src/modules/ai/unknown/collect';
import { createTestDatabase, type TestDatabase } from '../../helpers/db';

let database: TestDatabase;
let nextAgent = 9000;
const T0 = Date.UTC(2026, 3, 1, 2, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const deps = () => ({ database });
const record = (agentId: number, text: string, more: Partial<UnknownQuestionInput> = {}) =>
  recordUnknownQuestion(deps(), { agentId, text, outcome: 'fallback', candidates: [], at: at(0), ...more });
const groups = (agentId: number) =>
  database.db.select().from(aiUnknownQuestion).where(eq(aiUnknownQuestion.agentId, agentId)).orderBy(asc(aiUnknownQuestion.unknownId));

describe('normalizeQuestion / questionSimilarity', () => {
  it('ignores width, case, punctuation, spaces and clause-final particles, keeping particles inside words', () => {
    expect(normalizeQuestion('  ＷＩＦＩ 密码是多少呢？？')).toBe('wifi密码是多少');
    expect(normalizeQuestion('在吗，运费怎么算呀!')).toBe('在运费怎么算');
    expect(normalizeQuestion('附近有酒吧街吗')).toBe('附近有酒吧街');
    expect(normalizeQuestion('？！……吗')).toBe('');
  });

  it('scores shared character pairs: 1 for the same text, high for a small change, low for another question', () => {
    expect(questionSimilarity('运费怎么算', '运费怎么算')).toBe(1);
    expect(questionSimilarity('运费怎么算', '运费怎么算的')).toBeCloseTo(8 / 9);
    expect(questionSimilarity('你们招快递员', '发什么快递')).toBeLessThan(0.6);
    expect(questionSimilarity('', '')).toBe(0);
  });
});

describe('recordUnknownQuestion', () => {
  it('groups the same question asked in other words, newest sample first, and keeps the last outcome and candidates', async () => {
    const agentId = ++nextAgent;
    await record(agentId, '运费怎么算？', { at: at(0) });
    await record(agentId, '运费怎么算呢', { at: at(1) });
    await record(agentId, '运费怎么算的', { at: at(2), outcome: 'clarify', candidates: [{ id: 7, name: '发什么快递', score: 0.41 }] });
    await record(agentId, '你们招快递员吗', { at: at(3) });
    const [shipping, courier] = await groups(agentId);
    expect(shipping).toMatchObject({
      question: '运费怎么算？',
      samples: ['运费怎么算的', '运费怎么算呢'],
      hits: 3,
      outcome: 'clarify',
      candidates: [{ id: 7, name: '发什么快递', score: 0.41 }],
      status: 'pending',
      firstTime: at(0),
      lastTime: at(2),
    });
    expect(courier).toMatchObject({ question: '你们招快递员吗', samples: [], hits: 1, outcome: 'fallback', status: 'pending' });
  });

  it('keeps at most five distinct samples and no copy of the question', async () => {
    const agentId = ++nextAgent;
    const texts = ['发票怎么开', '发票怎么开？', '发票怎么开呢', '发票怎么开呀', '发票怎么开啊', '发票怎么开吧', '发票怎么开呢', '发票怎么开嘛', '发票怎么开'];
    for (const [i, text] of texts.entries()) await record(agentId, text, { at: at(i) });
    const [group] = await groups(agentId);
    expect(group.hits).toBe(texts.length);
    expect(group.samples).toEqual(['发票怎么开嘛', '发票怎么开呢', '发票怎么开吧', '发票怎么开啊', '发票怎么开呀']);
    expect(group.samples).toHaveLength(UNKNOWN_SAMPLES_MAX);
  });

  it('skips messages that are empty after normalisation or longer than 200 characters', async () => {
    const agentId = ++nextAgent;
    await record(agentId, '？？？');
    await record(agentId, '吗');
    await record(agentId, '很'.repeat(201));
    expect(await groups(agentId)).toEqual([]);
    await record(agentId, '很'.repeat(200));
    expect(await groups(agentId)).toHaveLength(1);
  });

  it('counts a repeat of an ignored question on that group, which stays ignored; a merely similar one starts a new pending group', async () => {
    const agentId = ++nextAgent;
    await record(agentId, '你们老板是谁', { at: at(0) });
    const [ignored] = await groups(agentId);
    await database.db.update(aiUnknownQuestion).set({ status: 'ignored' }).where(eq(aiUnknownQuestion.unknownId, ignored.unknownId));
    await record(agentId, '你们老板是谁？', { at: at(5) });
    await record(agentId, '你们老板是谁啊', { at: at(6) });
    await record(agentId, '你们老板是哪位', { at: at(7) });
    const [again, fresh] = await groups(agentId);
    expect(again).toMatchObject({ unknownId: ignored.unknownId, status: 'ignored', hits: 3, lastTime: at(6) });
    expect(fresh).toMatchObject({ question: '你们老板是哪位', status: 'pending', hits: 1 });
  });

  it('does not join a group already handled, nor a group of another agent', async () => {
    const agentId = ++nextAgent;
    await record(agentId, '可以开发票吗');
    const [handled] = await groups(agentId);
    await database.db.update(aiUnknownQuestion).set({ status: 'added' }).where(eq(aiUnknownQuestion.unknownId, handled.unknownId));
    await record(agentId, '可以开发票吗');
    await record(agentId + 1000, '可以开发票吗');
    expect((await groups(agentId)).map((g) => [g.status, g.hits])).toEqual([
      ['added', 1],
      ['pending', 1],
    ]);
    expect(await groups(agentId + 1000)).toHaveLength(1);
  });

  it('joins the most similar group, and only looks at the most recently active groups', async () => {
    const agentId = ++nextAgent;
    await record(agentId, '周末营业吗', { at: at(0) });
    await record(agentId, '周末几点营业', { at: at(1) });
    await record(agentId, '周末几点开始营业', { at: at(2) });
    const rows = await groups(agentId);
    expect(rows.map((g) => g.hits)).toEqual([1, 2]);
    expect(rows[1].samples).toEqual(['周末几点开始营业']);

    // Push the first group out of the window with newer, unrelated groups.
    const other = ++nextAgent;
    await record(other, '怎么退货', { at: at(0) });
    await database.db.insert(aiUnknownQuestion).values(
      Array.from({ length: UNKNOWN_SCAN_MAX }, (_, i) => ({ agentId: other, question: `无关问题${i}号`, outcome: 'fallback', firstTime: at(1), lastTime: at(1) })),
    );
    await record(other, '怎么退货', { at: at(2) });
    const returns = (await groups(other)).filter((g) => g.question === '怎么退货');
    expect(returns.map((g) => g.hits)).toEqual([1, 1]);
  });
});
