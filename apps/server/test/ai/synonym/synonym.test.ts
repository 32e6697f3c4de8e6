import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { aiSynonym, sysOperLog } from '../../../src/db/schema';
import { loadAgentBundle } from '../../../src/modules/ai/agent/bundle';
import { BUILTIN_MAP, normalizeWord } from '../../../src/modules/ai/engine/lexicon';
import { loadSynonymGroups } from '../../../src/modules/ai/synonym/service';
import { eventually } from '../../common/support';
import { createTestApp, type TestApp } from '../../helpers/app';
import { exportSheet, userWithoutRoles } from '../../helpers/crud';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { API, createAgent, FORBIDDEN, requester, type Requester } from '../agent/support';

let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;
let req: Requester;
const db = () => t.deps.database.db;

interface SynonymJson {
  synonymId: number;
  agentId: number | null;
  agentName: string;
  words: string[];
  status: string;
  remark: string | null;
}

const OK = { code: 200, msg: '操作成功' };
const add = (body: Record<string, unknown>) => req('POST', '/ai/synonym', body);
const list = async (query = '') => req<{ rows: SynonymJson[]; total: number }>('GET', `/ai/synonym/list${query}`);
/** The stored group whose first word is `first`. */
const group = async (first: string) => {
  const rows = await db().select().from(aiSynonym);
  const row = rows.find((r) => r.words[0] === first);
  if (!row) throw new Error(`no group ${first}`);
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  req = requester(t, admin);
  nobody = await userWithoutRoles(t, 'nosyn');
});

describe('synonym groups', () => {
  it('adds, reads, lists with filters, edits, switches off and deletes a group', async () => {
    const agent = await createAgent(t, admin, { name: '同义词客服' });
    expect(await add({ words: ['运费', '邮费', '快递费'], remark: '物流' })).toEqual(OK);
    expect(await add({ words: ['工期', '施工周期'], agentId: agent })).toEqual(OK);
    const freight = await group('运费');
    expect(freight).toMatchObject({ agentId: null, status: '0', createBy: 'admin', remark: '物流' });

    const got = await req<{ data: SynonymJson }>('GET', `/ai/synonym/${freight.synonymId}`);
    expect(got.data).toMatchObject({ words: ['运费', '邮费', '快递费'], agentName: '全部客服' });

    const all = await list();
    expect(all.rows.map((r) => [r.words[0], r.agentName])).toEqual([
      ['工期', '同义词客服'],
      ['运费', '全部客服'],
    ]);
    expect((await list(`?word=${encodeURIComponent('快递')}`)).rows.map((r) => r.words[0])).toEqual(['运费']);
    expect((await list(`?word=${encodeURIComponent('周期')}`)).rows.map((r) => r.words[0])).toEqual(['工期']);
    expect((await list('?agentId=global')).rows.map((r) => r.words[0])).toEqual(['运费']);
    expect((await list(`?agentId=${agent}`)).rows.map((r) => r.words[0])).toEqual(['工期']);
    expect((await list('?agentId=&status=')).total).toBe(2);

    expect(await req('PUT', '/ai/synonym', { synonymId: freight.synonymId, words: ['运费', '邮费', '配送费'], status: '0' })).toEqual(OK);
    expect(await group('运费')).toMatchObject({ words: ['运费', '邮费', '配送费'], updateBy: 'admin', remark: null });

    expect(await req('PUT', '/ai/synonym/changeStatus', { synonymId: freight.synonymId, status: '1' })).toEqual(OK);
    expect((await list('?status=1')).rows.map((r) => r.words[0])).toEqual(['运费']);
    expect((await list('?status=0')).rows.map((r) => r.words[0])).toEqual(['工期']);

    const schedule = await group('工期');
    expect(await req('DELETE', `/ai/synonym/${freight.synonymId},${schedule.synonymId}`)).toEqual(OK);
    expect(await req('GET', `/ai/synonym/${freight.synonymId}`)).toEqual({ code: 500, msg: '同义词不存在' });
    expect(await req('PUT', '/ai/synonym/changeStatus', { synonymId: freight.synonymId, status: '0' })).toEqual({ code: 500, msg: '同义词不存在' });
    expect((await list()).total).toBe(0);
    await eventually(async () => {
      const logs = await db().select().from(sysOperLog).where(and(eq(sysOperLog.title, '同义词'), eq(sysOperLog.businessType, 3)));
      return logs.length > 0;
    });
  });

  it('takes the words as one line, half-width and trimmed, dropping repeats of a word', async () => {
    expect(await add({ words: ' 发票、开票，税票,收据|ＷｉＦｉ  wifi 发票 ' })).toEqual(OK);
    const row = await group('发票');
    expect(row.words).toEqual(['发票', '开票', '税票', '收据', 'WiFi']);
    await req('DELETE', `/ai/synonym/${row.synonymId}`);
  });

  const tooLong = '一二三四五六七八九十一二三四五六七八九十一';
  it.each(
    (
      [
        [{}, '同义词不能为空'],
        [{ words: 42 }, '同义词不能为空'],
        [{ words: [] }, '同义词至少需要两个不同的词'],
        [{ words: '  、， ' }, '同义词至少需要两个不同的词'],
        [{ words: ['运费'] }, '同义词至少需要两个不同的词'],
        [{ words: ['ＰＡＹ', 'pay', ' Pay '] }, '同义词至少需要两个不同的词'],
        [{ words: ['运 费', '邮费'] }, "词语'运 费'只能包含汉字、字母或数字"],
        [{ words: ['运费！', '邮费'] }, "词语'运费!'只能包含汉字、字母或数字"],
        [{ words: ['运费', 'e-mail'] }, "词语'e-mail'只能包含汉字、字母或数字"],
        [{ words: [tooLong, '邮费'] }, `词语'${tooLong}'长度不能超过20个字符`],
        [{ words: Array.from({ length: 21 }, (_, i) => `词${i}`) }, '同义词不能超过20个'],
        [{ words: ['运费', '邮费'], agentId: 987654 }, '客服不存在'],
        [{ words: ['运费', '邮费'], status: '2' }, '状态只能是0或1'],
      ] as [Record<string, unknown>, string][]
    ).map(([body, msg]) => ({ body, msg })),
  )('validates → $msg', async ({ body, msg }) => {
    expect(await add(body)).toEqual({ code: 500, msg });
  });

  it('refuses a word already in another group of the same scope, and allows it in another scope', async () => {
    const one = await createAgent(t, admin, { name: '甲客服' });
    const two = await createAgent(t, admin, { name: '乙客服' });
    expect(await add({ words: ['退款', '退钱'] })).toEqual(OK);
    expect(await add({ words: ['WiFi', '无线网'] })).toEqual(OK);
    expect(await add({ words: ['退货', '退钱'] })).toEqual({ code: 500, msg: "词语'退钱'已在同义词组'退款'中" });
    expect(await add({ words: ['网络', 'wifi'] })).toEqual({ code: 500, msg: "词语'wifi'已在同义词组'WiFi'中" });

    expect(await add({ words: ['退货', '退钱'], agentId: one })).toEqual(OK);
    expect(await add({ words: ['退钱', '返现'], agentId: one })).toEqual({ code: 500, msg: "词语'退钱'已在同义词组'退货'中" });
    expect(await add({ words: ['退钱', '返现'], agentId: two })).toEqual(OK);

    // A group may keep its own words when edited; moving it into a scope that has them is refused.
    const own = await group('退货');
    expect(await req('PUT', '/ai/synonym', { synonymId: own.synonymId, words: ['退货', '退钱', '退回'], agentId: one })).toEqual(OK);
    expect(await req('PUT', '/ai/synonym', { synonymId: own.synonymId, words: ['退货', '返现'], agentId: two })).toEqual({
      code: 500,
      msg: "词语'返现'已在同义词组'退钱'中",
    });
    expect(await req('PUT', '/ai/synonym', { words: ['甲', '乙'] })).toEqual({ code: 500, msg: '同义词编号不能为空' });
    expect(await req('PUT', '/ai/synonym', { synonymId: 987654, words: ['甲', '乙'] })).toEqual({ code: 500, msg: '同义词不存在' });
  });
});

describe('export and the built-in lexicon', () => {
  it('exports 同义词数据 with the canonical word, the words and the agent', async () => {
    const agent = await createAgent(t, admin, { name: '导出客服' });
    await add({ words: ['营业时间', '几点开门', '上班时间'] });
    await add({ words: ['门店', '实体店'], agentId: agent, status: '1' });
    const sheet = await exportSheet(t.app, `${API}/ai/synonym/export`, admin.headers, { word: '店' });
    expect(sheet.header).toEqual(['同义词编号', '标准词', '同义词', '适用客服', '状态', '创建时间', '备注']);
    expect(sheet.rows.map((r) => [r['标准词'], r['同义词'], r['适用客服'], r['状态']])).toEqual([['门店', '门店、实体店', '导出客服', '停用']]);
    const global = await exportSheet(t.app, `${API}/ai/synonym/export`, admin.headers, { agentId: 'global', word: '开门' });
    expect(global.rows.map((r) => [r['同义词'], r['适用客服'], r['状态']])).toEqual([['营业时间、几点开门、上班时间', '全部客服', '正常']]);
  });

  it('lists the engine’s own groups, read-only, one per word they are read as', async () => {
    const res = await req<{ data: string[][] }>('GET', '/ai/synonym/builtin');
    expect(res.data.length).toBeGreaterThan(1000);
    for (const group of res.data) expect(group.every((word) => BUILTIN_MAP.get(normalizeWord(word)) === normalizeWord(group[0] ?? ''))).toBe(true);
    expect(new Set(res.data.map((g) => normalizeWord(g[0] ?? ''))).size).toBe(res.data.length);
    expect(new Set(res.data.flat().map(normalizeWord)).size).toBe(BUILTIN_MAP.size);
  });
});

describe('what the engine reads', () => {
  it('puts the agent’s own groups before the global ones, so the agent’s reading of a shared word wins', async () => {
    const agentId = await createAgent(t, admin, { name: '引擎丙' });
    expect(await add({ words: ['押金', '保证金甲'] })).toEqual(OK);
    expect(await add({ words: ['定金', '保证金甲'], agentId })).toEqual(OK);
    const groups = await loadSynonymGroups(t.deps, agentId);
    const own = groups.findIndex((g) => g[0] === '定金');
    const global = groups.findIndex((g) => g[0] === '押金');
    expect(own).toBeGreaterThanOrEqual(0);
    expect(own).toBeLessThan(global);
  });

  it('loads the enabled global groups and the agent’s own, and drops the cached bundles a write concerns', async () => {
    const one = await createAgent(t, admin, { name: '引擎甲' });
    const two = await createAgent(t, admin, { name: '引擎乙' });
    // Both agents' bundles cached; each write below must replace exactly the ones it concerns.
    const cached = async () => [await loadAgentBundle(t.deps, one), await loadAgentBundle(t.deps, two)];
    let [b1, b2] = await cached();
    expect(await loadAgentBundle(t.deps, one)).toBe(b1);

    expect(await add({ words: ['分期', '分期付款'], agentId: one })).toEqual(OK);
    let [n1, n2] = await cached();
    expect(n1).not.toBe(b1);
    expect(n2).toBe(b2);
    [b1, b2] = [n1, n2];
    const mine = (await loadSynonymGroups(t.deps, one)).map((g) => g[0]);
    expect(mine).toContain('分期');
    expect((await loadSynonymGroups(t.deps, two)).map((g) => g[0])).not.toContain('分期');

    expect(await add({ words: ['尺码', '码数'] })).toEqual(OK);
    [n1, n2] = await cached();
    expect(n1).not.toBe(b1);
    expect(n2).not.toBe(b2);
    [b1, b2] = [n1, n2];
    expect(await loadSynonymGroups(t.deps, two)).toContainEqual(['尺码', '码数']);

    const size = await group('尺码');
    expect(await req('PUT', '/ai/synonym/changeStatus', { synonymId: size.synonymId, status: '1' })).toEqual(OK);
    [n1, n2] = await cached();
    expect([n1 === b1, n2 === b2]).toEqual([false, false]);
    [b1, b2] = [n1, n2];
    expect(await loadSynonymGroups(t.deps, two)).not.toContainEqual(['尺码', '码数']);

    const instalment = await group('分期');
    expect(await req('DELETE', `/ai/synonym/${instalment.synonymId}`)).toEqual(OK);
    [n1, n2] = await cached();
    expect([n1 === b1, n2 === b2]).toEqual([false, true]);
    expect((await loadSynonymGroups(t.deps, one)).map((g) => g[0])).not.toContain('分期');
  });
});

describe('permissions', () => {
  it.each([
    ['GET', '/ai/synonym/list'],
    ['GET', '/ai/synonym/builtin'],
    ['GET', '/ai/synonym/100'],
    ['POST', '/ai/synonym'],
    ['PUT', '/ai/synonym'],
    ['PUT', '/ai/synonym/changeStatus'],
    ['DELETE', '/ai/synonym/100'],
    ['POST', '/ai/synonym/export'],
  ] as const)('%s %s answers 403 without the permission', async (method, url) => {
    expect(await req(method, url, method === 'GET' || method === 'DELETE' ? undefined : { synonymId: 100, words: ['甲', '乙'], status: '0' }, nobody)).toEqual(FORBIDDEN);
  });
});
