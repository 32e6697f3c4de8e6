import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CHAT_MESSAGE_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@acs/shared';
import { maxOf } from '../../src/core/rules';
import { sysNotice, sysUser } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { call } from '../common/support';
import { API, createAgent, visitor } from '../ai/runtime/support';

type Envelope = { code: number; msg: string };
type Method = 'GET' | 'POST' | 'PUT';

let t: TestApp;
let admin: LoggedIn;
let agentId: number;

const send = (method: Method, url: string, payload?: object) =>
  call<Envelope>(t.app, { method, url: API + url, payload, headers: admin.headers });
const filter = (url: string, name: string) => (value: string) => send('GET', `${url}?${name}=${encodeURIComponent(value)}`);

/**
 * A value of exactly `length` characters. Chinese characters: the limit counts characters, not bytes.
 * Distinct per call (unique names), since each case sends its field twice.
 */
let seq = 0;
const textOf = (length: number) => `${++seq}`.padEnd(length, '长');

interface Case {
  field: string;
  max: number;
  message: string;
  submit: (value: string) => Promise<Envelope>;
}

/** Over-long request fields, one or more per module. */
const cases: Case[] = [
  {
    field: '公告内容',
    max: 65_535,
    message: '公告内容长度不能超过65535个字符',
    submit: (noticeContent) => send('POST', '/system/notice', { noticeTitle: `长度${++seq}`, noticeType: '1', noticeContent }),
  },
  { field: '公告标题 (filter)', max: 50, message: '公告标题长度不能超过50个字符', submit: filter('/system/notice/list', 'noticeTitle') },
  { field: '用户账号 (filter)', max: 30, message: '用户账号长度不能超过30个字符', submit: filter('/system/user/list', 'userName') },
  { field: '角色名称 (filter)', max: 30, message: '角色名称长度不能超过30个字符', submit: filter('/system/role/list', 'roleName') },
  { field: '菜单名称 (filter)', max: 50, message: '菜单名称长度不能超过50个字符', submit: filter('/system/menu/list', 'menuName') },
  { field: '岗位名称 (filter)', max: 50, message: '岗位名称长度不能超过50个字符', submit: filter('/system/post/list', 'postName') },
  { field: '部门名称 (filter)', max: 30, message: '部门名称长度不能超过30个字符', submit: filter('/system/dept/list', 'deptName') },
  { field: '字典标签 (filter)', max: 100, message: '字典标签长度不能超过100个字符', submit: filter('/system/dict/data/list', 'dictLabel') },
  { field: '参数键名 (filter)', max: 100, message: '参数键名长度不能超过100个字符', submit: filter('/system/config/list', 'configKey') },
  { field: '客服名称 (filter)', max: 50, message: '客服名称长度不能超过50个字符', submit: filter('/ai/agent/list', 'name') },
  { field: '变量名称 (filter)', max: 50, message: '变量名称长度不能超过50个字符', submit: filter('/ai/variable/list', 'label') },
  { field: '模型配置名称 (filter)', max: 50, message: '名称长度不能超过50个字符', submit: filter('/ai/model/list', 'name') },
  { field: '回复规则关键词 (filter)', max: 100, message: '关键词长度不能超过100个字符', submit: (v) => filter(`/ai/agent/${agentId}/rule/list`, 'keyword')(v) },
  { field: '知识库关键词 (filter)', max: 100, message: '关键词长度不能超过100个字符', submit: (v) => filter(`/ai/agent/${agentId}/knowledge/list`, 'keyword')(v) },
  {
    field: '组件路径 (RuoYi checked 200 against its 255 column)',
    max: 255,
    message: '组件路径不能超过255个字符',
    submit: (component) => send('POST', '/system/menu', { menuName: `长度${++seq}`, menuType: 'C', orderNum: 1, path: `len${seq}`, component }),
  },
  {
    field: '变量预览的变量值',
    max: 500,
    message: '变量值长度不能超过500个字符',
    submit: (value) => send('POST', '/ai/variable/preview', { text: '{{company_name}}', values: { company_name: value } }),
  },
  {
    field: '访客编号 (/chat/session)',
    max: 64,
    message: '访客编号长度不能超过64个字符',
    submit: (visitorId) => call<Envelope>(t.app, { method: 'POST', url: `${API}/chat/session`, payload: { agentId, visitorId: visitorId.replace(/长/g, 'v') } }),
  },
];

/** Fields that were bounded already: kept so. */
const bounded: Case[] = [
  { field: '用户昵称', max: 30, message: '用户昵称长度不能超过30个字符', submit: (nickName) => send('PUT', '/system/user/profile', { nickName }) },
  {
    field: '字典标签',
    max: 100,
    message: '字典标签长度不能超过100个字符',
    submit: (dictLabel) => send('POST', '/system/dict/data', { dictLabel, dictValue: `v${++seq}`, dictType: 'sys_user_sex' }),
  },
  {
    field: '参数键值',
    max: 500,
    message: '参数键值长度不能超过500个字符',
    submit: (configValue) => send('POST', '/system/config', { configName: `长度${++seq}`, configKey: `len.key${seq}`, configValue }),
  },
  {
    field: '角色名称',
    max: 30,
    message: '角色名称长度不能超过30个字符',
    submit: (roleName) => send('POST', '/system/role', { roleName, roleKey: `len${++seq}`, roleSort: 9, menuIds: [] }),
  },
  {
    field: '菜单名称',
    max: 50,
    message: '菜单名称长度不能超过50个字符',
    submit: (menuName) => send('POST', '/system/menu', { menuName, menuType: 'M', orderNum: 1, path: `len${++seq}` }),
  },
  {
    field: '岗位名称',
    max: 50,
    message: '岗位名称长度不能超过50个字符',
    submit: (postName) => send('POST', '/system/post', { postCode: `len${++seq}`, postName, postSort: 9 }),
  },
  { field: '部门名称', max: 30, message: '部门名称长度不能超过30个字符', submit: (deptName) => send('POST', '/system/dept', { parentId: 100, deptName, orderNum: 9 }) },
  { field: '客服名称', max: 50, message: '客服名称长度不能超过50个字符', submit: (name) => send('POST', '/ai/agent', { name }) },
  {
    field: '系统提示词',
    max: 4000,
    message: '系统提示词长度不能超过4000个字符',
    submit: (systemPrompt) => send('POST', '/ai/agent', { name: `长度${++seq}`, systemPrompt }),
  },
  {
    field: '变量默认值',
    max: 500,
    message: '默认值长度不能超过500个字符',
    submit: (defaultValue) => send('POST', '/ai/variable', { varKey: `len_${++seq}`, label: `长度${seq}`, defaultValue }),
  },
  {
    field: '回复规则的回复内容',
    max: 2000,
    message: '回复内容长度不能超过2000个字符',
    submit: (reply) => send('POST', `/ai/agent/${agentId}/rule`, { matchType: 'keyword', pattern: `len${++seq}`, reply }),
  },
  {
    field: '知识库问题',
    max: 500,
    message: '问题长度不能超过500个字符',
    submit: (question) => send('POST', `/ai/agent/${agentId}/knowledge`, { question, answer: '答案' }),
  },
  {
    field: '客户消息 (/chat/message)',
    max: CHAT_MESSAGE_MAX,
    message: `消息长度不能超过${CHAT_MESSAGE_MAX}个字符`,
    submit: async (content) => (await visitor(t, agentId)).send(content),
  },
  {
    field: '模型配置名称',
    max: 50,
    message: '名称长度不能超过50个字符',
    submit: (name) => send('POST', '/ai/model', { name, baseUrl: 'https://api.example.com/v1' }),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  agentId = await createAgent(t);
});

describe.each([
  ['newly bounded', cases],
  ['already bounded', bounded],
])('request text limits (%s)', (_, table) => {
  it.each(table)('$field: refused over $max characters with its Chinese name, accepted at $max', async ({ max, message, submit }) => {
    expect(await submit(textOf(max + 1))).toEqual({ code: 500, msg: message });
    expect(await submit(textOf(max))).toMatchObject({ code: 200 });
  });
});

describe('notice content', () => {
  const notices = async () => (await t.deps.database.db.select({ n: count() }).from(sysNotice))[0].n;

  it('refuses 10 MB of content and stores nothing', async () => {
    const before = await notices();
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/system/notice`,
      headers: admin.headers,
      payload: { noticeTitle: '大公告', noticeType: '1', noticeContent: 'x'.repeat(10 * 1024 * 1024) },
    });
    // Refused by the content limit, or earlier by the route's body limit: either way not accepted.
    expect(res.statusCode === 200 && res.json<Envelope>().code === 200).toBe(false);
    expect(await notices()).toBe(before);
    expect(await t.deps.database.db.select().from(sysNotice).where(eq(sysNotice.noticeTitle, '大公告'))).toEqual([]);
  });
});

describe('passwords', () => {
  it('refuses what could never be a password, and leaves the policy its own message below that', async () => {
    expect(await send('PUT', '/system/user/resetPwd', { userId: 2, password: 'a'.repeat(101) })).toEqual({ code: 500, msg: '用户密码长度不能超过100个字符' });
    expect(await send('PUT', '/system/user/resetPwd', { userId: 2, password: 'a'.repeat(PASSWORD_MAX + 1) })).toEqual({
      code: 500,
      msg: `密码长度必须介于 ${PASSWORD_MIN} 和 ${PASSWORD_MAX} 之间`,
    });
    expect(await send('PUT', '/system/user/profile/updatePwd', { oldPassword: 'a'.repeat(101), newPassword: 'admin1234' })).toEqual({
      code: 500,
      msg: '旧密码长度不能超过100个字符',
    });
  });
});

describe('lists inside bodies', () => {
  it("refuses a role's menu list longer than any install holds", async () => {
    const menuIds = Array.from({ length: 10_001 }, (_, i) => i + 1);
    expect(await send('POST', '/system/role', { roleName: '长列表', roleKey: 'long_list', roleSort: 9, menuIds })).toEqual({
      code: 500,
      msg: '菜单不能超过10000个',
    });
  });

  it('refuses more variable values in a preview than variables can exist', async () => {
    const values = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, 'v']));
    expect(await send('POST', '/ai/variable/preview', { text: 'x', values })).toEqual({ code: 500, msg: '变量值不能超过500个' });
  });
});

describe('maxOf', () => {
  it("reads a varchar or char column's declared length, and refuses a text column (it needs a named limit)", () => {
    expect(maxOf(sysUser.userName)).toBe(30);
    expect(maxOf(sysUser.sex)).toBe(1);
    expect(() => maxOf(sysNotice.noticeContent)).toThrow('notice_content');
  });
});
