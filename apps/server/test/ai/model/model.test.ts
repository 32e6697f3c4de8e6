import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_BUSINESS_HOURS, DEFAULT_HANDOFF, DEFAULT_LEAD_GOAL, DEFAULT_MODEL_PARAMS } from '@acs/shared';
import { aiAgent, aiModelProvider, sysOperLog } from '../../../src/db/schema';
import { decryptSecret, encryptSecret } from '../../../src/infra/crypto';
import { loadProviderForRuntime } from '../../../src/modules/ai/model/provider-runtime';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { userWithoutRoles } from '../../helpers/crud';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai';
import { allowPrivateModels } from '../../helpers/outbound';
import { call, eventually } from '../../common/support';

const API = '/prod-api';
let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;
let fake: FakeOpenAI;

interface Provider {
  providerId: number;
  name: string;
  baseUrl: string;
  apiKeyMasked: string;
  hasApiKey: boolean;
  models: string[];
  defaultModel: string;
  timeoutMs: number;
  status: string;
  remark: string | null;
  createBy: string;
  createTime: string;
}
interface Envelope {
  data?: unknown;
  rows?: Provider[];
  total?: number;
}

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: LoggedIn = admin) =>
  call<Envelope>(t.app, { method, url: API + url, payload, headers: who.headers });

const raw = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  (await t.app.inject({ method, url: API + url, payload, headers: admin.headers })).payload;

const provider = () => ({
  name: '测试模型服务',
  baseUrl: fake.baseUrl,
  apiKey: fake.apiKey,
  models: ['fake-echo', 'fake-slow'],
  defaultModel: 'fake-echo',
  timeoutMs: 5000,
  status: '0',
  remark: '单元测试',
});

async function rowByName(name: string) {
  const [row] = await t.deps.database.db.select().from(aiModelProvider).where(eq(aiModelProvider.name, name));
  return row;
}

async function addProvider(overrides: object = {}) {
  const body = { ...provider(), ...overrides };
  expect(await req('POST', '/ai/model', body)).toEqual({ code: 200, msg: '操作成功' });
  return rowByName(body.name);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  nobody = await userWithoutRoles(t, 'nomodel');
  fake = await startFakeOpenAI();
  await allowPrivateModels(t);
});
afterAll(() => fake.close());

describe('模型配置 /ai/model CRUD', () => {
  it('adds, lists, reads, edits and deletes a provider, logging each write under 模型配置', async () => {
    const row = await addProvider();
    const list = await req('GET', '/ai/model/list?pageNum=1&pageSize=10&name=' + encodeURIComponent('测试'));
    expect(list).toMatchObject({ code: 200, total: 1 });
    expect(list.rows?.[0]).toMatchObject({
      providerId: row.providerId,
      name: '测试模型服务',
      baseUrl: fake.baseUrl,
      apiKeyMasked: 'sk-****0001',
      hasApiKey: true,
      models: ['fake-echo', 'fake-slow'],
      defaultModel: 'fake-echo',
      timeoutMs: 5000,
      status: '0',
      remark: '单元测试',
      createBy: 'admin',
    });
    expect(list.rows?.[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await req('GET', '/ai/model/list?status=1')).total).toBe(0);
    expect((await req('GET', '/ai/model/list?name=nothing')).total).toBe(0);

    const got = await req('GET', `/ai/model/${row.providerId}`);
    expect(got.data).toMatchObject({ providerId: row.providerId, hasApiKey: true, apiKeyMasked: 'sk-****0001' });

    expect(await req('PUT', '/ai/model', { ...provider(), providerId: row.providerId, apiKey: '', name: '改名模型', status: '1', timeoutMs: 8000 })).toMatchObject({
      code: 200,
    });
    expect((await req('GET', `/ai/model/${row.providerId}`)).data).toMatchObject({ name: '改名模型', status: '1', timeoutMs: 8000, hasApiKey: true, apiKeyMasked: 'sk-****0001' });

    expect(await req('DELETE', `/ai/model/${row.providerId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await req('GET', `/ai/model/${row.providerId}`)).toEqual({ code: 200, msg: '操作成功' });

    const logs = await eventually(async () => {
      const found = await t.deps.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, '模型配置'));
      return found.length >= 3 ? found : null;
    });
    expect(logs.map((l) => l.businessType).sort()).toEqual([1, 2, 3]);
    for (const log of logs) expect(log.operParam).not.toContain(fake.apiKey);
  });

  it('never returns the API key and stores it encrypted', async () => {
    const row = await addProvider({ name: '密钥检查' });
    expect(row.apiKeyEnc).toMatch(/^v1:/);
    expect(row.apiKeyEnc).not.toContain(fake.apiKey);
    expect(decryptSecret(t.deps.config.encryptionKey, row.apiKeyEnc)).toBe(fake.apiKey);

    for (const body of [await raw('GET', '/ai/model/list'), await raw('GET', `/ai/model/${row.providerId}`), await raw('GET', '/ai/model/options')]) {
      expect(body).not.toContain(fake.apiKey);
      expect(body).not.toContain(row.apiKeyEnc);
      expect(body).not.toMatch(/"apiKey"|"apiKeyEnc"/);
    }

    const runtime = await loadProviderForRuntime(t.deps, row.providerId);
    expect(runtime).toMatchObject({ providerId: row.providerId, apiKey: fake.apiKey, baseUrl: fake.baseUrl, timeoutMs: 5000, status: '0' });
    expect(await loadProviderForRuntime(t.deps, 999_999)).toBeNull();
  });

  it('gives the runtime no key (the provider then refuses it) when the stored key cannot be decrypted', async () => {
    const row = await addProvider({ name: '损坏密钥' });
    // As after a change of ENCRYPTION_KEY.
    const foreign = encryptSecret('another-encryption-key-another-encryption-key', fake.apiKey);
    await t.deps.database.db.update(aiModelProvider).set({ apiKeyEnc: foreign }).where(eq(aiModelProvider.providerId, row.providerId));
    expect(await loadProviderForRuntime(t.deps, row.providerId)).toMatchObject({ providerId: row.providerId, apiKey: '' });
    expect((await req('GET', `/ai/model/${row.providerId}`)).data).toMatchObject({ hasApiKey: true, apiKeyMasked: '（无法解密，请重新填写）' });
    expect(await req('POST', '/ai/model/test', { providerId: row.providerId, baseUrl: fake.baseUrl, model: 'fake-echo' })).toEqual({
      code: 500,
      msg: '已保存的 API Key 无法解密，请重新填写',
    });
  });

  it('keeps the stored key on an edit with an empty key and replaces it with a new one', async () => {
    const row = await addProvider({ name: '换密钥' });
    const edit = { ...provider(), providerId: row.providerId, name: '换密钥' };
    await req('PUT', '/ai/model', { ...edit, apiKey: undefined });
    expect(decryptSecret(t.deps.config.encryptionKey, (await rowByName('换密钥')).apiKeyEnc)).toBe(fake.apiKey);
    await req('PUT', '/ai/model', { ...edit, apiKey: 'sk-another-secret-9876' });
    expect(decryptSecret(t.deps.config.encryptionKey, (await rowByName('换密钥')).apiKeyEnc)).toBe('sk-another-secret-9876');
    expect((await req('GET', `/ai/model/${row.providerId}`)).data).toMatchObject({ apiKeyMasked: 'sk-****9876' });
  });

  it('sends a stored key only to the address it was saved with', async () => {
    const row = await addProvider({ name: '改地址' });
    const elsewhere = 'http://127.0.0.1:9/v1';
    const edit = { ...provider(), providerId: row.providerId, name: '改地址', baseUrl: elsewhere };
    const retype = { code: 500, msg: '接口地址已修改，请重新填写 API Key' };
    expect(await req('PUT', '/ai/model', { ...edit, apiKey: undefined })).toEqual(retype);
    expect((await rowByName('改地址')).baseUrl).toBe(fake.baseUrl);
    const before = fake.requests.length;
    expect(await req('POST', '/ai/model/test', { providerId: row.providerId, baseUrl: elsewhere, model: 'fake-echo' })).toEqual(retype);
    expect(await req('POST', '/ai/model/models', { providerId: row.providerId, baseUrl: elsewhere })).toEqual(retype);
    expect(fake.requests.length).toBe(before);
    expect(await req('PUT', '/ai/model', { ...edit, apiKey: 'sk-for-the-new-address-1234' })).toMatchObject({ code: 200 });
    expect((await rowByName('改地址')).baseUrl).toBe(elsewhere);
  });

  it('adds a provider without a key (hasApiKey false) and picks the first model as default when none is chosen', async () => {
    const row = await addProvider({ name: '本地模型', apiKey: '', defaultModel: '', models: ['qwen2.5', 'llama3'] });
    expect(row.apiKeyEnc).toBe('');
    expect((await req('GET', `/ai/model/${row.providerId}`)).data).toMatchObject({ hasApiKey: false, apiKeyMasked: '', defaultModel: 'qwen2.5' });
  });

  it('refuses a duplicate name on add and on edit', async () => {
    const a = await addProvider({ name: '唯一名称A' });
    await addProvider({ name: '唯一名称B' });
    expect(await req('POST', '/ai/model', { ...provider(), name: '唯一名称A' })).toEqual({ code: 500, msg: "新增模型'唯一名称A'失败，名称已存在" });
    expect(await req('PUT', '/ai/model', { ...provider(), providerId: a.providerId, name: '唯一名称B' })).toEqual({
      code: 500,
      msg: "修改模型'唯一名称B'失败，名称已存在",
    });
  });

  it.each([
    [{ name: '  ' }, '名称不能为空'],
    [{ name: undefined }, '名称不能为空'],
    [{ name: 'x'.repeat(51) }, '名称长度不能超过50个字符'],
    [{ baseUrl: '' }, '接口地址不能为空'],
    [{ baseUrl: 'ftp://example.com/v1' }, '接口地址必须是以 http:// 或 https:// 开头的网址'],
    [{ baseUrl: 'api.openai.com/v1' }, '接口地址必须是以 http:// 或 https:// 开头的网址'],
    [{ timeoutMs: 999 }, '超时时间必须在1000到120000毫秒之间'],
    [{ timeoutMs: 120_001 }, '超时时间必须在1000到120000毫秒之间'],
    [{ timeoutMs: 1500.5 }, '超时时间必须是整数'],
    [{ models: ['a', ' '] }, '模型名称不能为空'],
    [{ models: ['a', 'a'] }, '模型列表中有重复的模型'],
    [{ models: ['a', 'b'], defaultModel: 'c' }, '默认模型必须是模型列表中的一个'],
    [{ status: '2' }, '状态只能是0或1'],
  ])('refuses %j with "%s"', async (change, msg) => {
    expect(await req('POST', '/ai/model', { ...provider(), name: '校验', ...change })).toEqual({ code: 500, msg });
  });

  it('accepts any default model when the list is empty', async () => {
    const row = await addProvider({ name: '无列表', models: [], defaultModel: 'gpt-4o-mini' });
    expect(row).toMatchObject({ models: [], defaultModel: 'gpt-4o-mini' });
  });

  it('refuses to delete a provider an agent uses, naming both', async () => {
    const row = await addProvider({ name: '在用模型' });
    const spare = await addProvider({ name: '闲置模型' });
    await t.deps.database.db.insert(aiAgent).values({
      name: '售前客服',
      providerId: row.providerId,
      model: 'fake-echo',
      params: DEFAULT_MODEL_PARAMS,
      handoff: DEFAULT_HANDOFF,
      businessHours: DEFAULT_BUSINESS_HOURS,
      leadGoal: DEFAULT_LEAD_GOAL,
      createTime: new Date(t.deps.now()),
    });
    expect(await req('DELETE', `/ai/model/${spare.providerId},${row.providerId}`)).toEqual({
      code: 500,
      msg: "模型'在用模型'正在被客服'售前客服'使用,不能删除",
    });
    // All or nothing: the unused one is still there.
    expect(await rowByName('闲置模型')).toBeDefined();
    const failed = await eventually(async () => {
      const [log] = await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, '模型配置'), eq(sysOperLog.businessType, 3), eq(sysOperLog.status, 1)));
      return log;
    });
    expect(failed.errorMsg).toContain('正在被客服');
  });

  it('lists enabled providers as options after the built-in engine', async () => {
    await addProvider({ name: '停用模型', status: '1' });
    const res = await call<{ data: Array<{ providerId: number | null; name: string; models: string[]; defaultModel: string }> }>(t.app, {
      method: 'GET',
      url: `${API}/ai/model/options`,
      headers: nobody.headers,
    });
    expect(res.data[0]).toEqual({ providerId: null, name: '内置引擎', models: [], defaultModel: '' });
    const names = res.data.map((o) => o.name);
    expect(names).toContain('密钥检查');
    expect(names).not.toContain('停用模型');
  });

  it.each([
    ['GET', '/ai/model/list'],
    ['GET', '/ai/model/1'],
    ['POST', '/ai/model'],
    ['PUT', '/ai/model'],
    ['DELETE', '/ai/model/1'],
    ['POST', '/ai/model/test'],
    ['POST', '/ai/model/models'],
  ] as const)('%s %s answers 403 without the permission', async (method, url) => {
    const body = method === 'POST' || method === 'PUT' ? { ...provider(), model: 'fake-echo' } : undefined;
    expect(await req(method, url, body, nobody)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
  });
});

type TestResult = { ok: boolean; latencyMs: number; reply?: string; error?: string };

describe('测试连接 and 获取模型', () => {
  const probe = (model: string, extra: object = {}) => ({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, model, timeoutMs: 5000, ...extra });
  const test = async (body: object) => (await req('POST', '/ai/model/test', body)).data as TestResult;

  it('reports the reply and latency of a working provider', async () => {
    const before = fake.requests.length;
    const result = await test(probe('fake-echo'));
    expect(result).toMatchObject({ ok: true, reply: '你好，你好' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(result.error).toBeUndefined();
    expect(fake.requests[before]).toMatchObject({ path: '/v1/chat/completions', body: { model: 'fake-echo', stream: true } });
  });

  it('uses the stored key of providerId when the dialog sends none', async () => {
    const row = await addProvider({ name: '存储密钥测试' });
    const before = fake.requests.length;
    expect(await test(probe('fake-echo', { apiKey: '', providerId: row.providerId }))).toMatchObject({ ok: true });
    expect(fake.requests[before].headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(await req('POST', '/ai/model/test', probe('fake-echo', { apiKey: undefined, providerId: 999_999 }))).toEqual({
      code: 500,
      msg: '模型配置不存在，请刷新后重试',
    });
  });

  it('reports a wrong key, a server error and rate limiting as failed tests with the status', async () => {
    const wrong = await test(probe('fake-echo', { apiKey: 'sk-wrong-000000000000' }));
    expect(wrong).toMatchObject({ ok: false, error: '模型服务返回错误（HTTP 401）' });
    expect(wrong.reply).toBeUndefined();
    expect(await test(probe('fake-error'))).toMatchObject({ ok: false, error: '模型服务返回错误（HTTP 500）' });
    expect(await test(probe('fake-ratelimit'))).toMatchObject({ ok: false, error: '模型服务返回错误（HTTP 429）' });
  });

  it('reports a provider that never answers as a timeout', async () => {
    expect(await test(probe('fake-hang', { timeoutMs: 1000 }))).toMatchObject({ ok: false, error: '模型服务响应超时' });
  });

  it('requires a model to test', async () => {
    expect(await req('POST', '/ai/model/test', probe(''))).toEqual({ code: 500, msg: '请选择要测试的模型' });
  });

  it('fetches the model list, or says why it could not', async () => {
    const res = await req('POST', '/ai/model/models', { baseUrl: fake.baseUrl, apiKey: fake.apiKey });
    expect(res.code).toBe(200);
    expect(res.data).toEqual(expect.arrayContaining(['fake-echo', 'fake-hang']));
    expect(await req('POST', '/ai/model/models', { baseUrl: fake.baseUrl, apiKey: 'sk-bad-key-00000000' })).toEqual({
      code: 500,
      msg: '获取模型列表失败：模型服务返回错误（HTTP 401）',
    });
  });
});
