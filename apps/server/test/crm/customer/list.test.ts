import { beforeAll, describe, expect, it } from 'vitest';
import { crmCustomerIdentity } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { userWithoutRoles } from '../../helpers/crud';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { createAndLogin, createRole, createUser } from '../../system/user/support';
import { addConversation, addCustomer, addLead, CUSTOMER_MENUS, CUSTOMER_MENUS_NO_PHONE, request, type ListBody, type Method } from './support';

/** Customers A–D, seen on consecutive China days from 2025-01-10. */
const DAY = 24 * 3600_000;
const DAY1 = Date.UTC(2025, 0, 10, 4);

interface Row {
  customerId: number;
  name: string;
  phone: string;
  phoneMasked: string;
  phoneAlt: string;
  wechat: string;
  ownerName: string;
  conversationCount: number;
  leadCount: number;
  tags: string[];
}

let t: TestApp;
let admin: LoggedIn;
let ry: LoggedIn;
let noPhone: LoggedIn;
let withPhone: LoggedIn;
let owner105: number;
let owner108: number;
const ids = { a: 0, b: 0, c: 0, d: 0 };
const nameOf = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp({ startAt: DAY1 + 10 * DAY });
  admin = await loginAs(t.app, 'admin', 'admin123');
  ry = await loginAs(t.app, 'ry', 'admin123');
  owner105 = await createUser(t, 'owner105', 105);
  owner108 = await createUser(t, 'owner108', 108);
  noPhone = await createAndLogin(t, 'no_phone', 103, [await createRole(t, 'cust_no_phone', '1', CUSTOMER_MENUS_NO_PHONE)]);
  withPhone = await createAndLogin(t, 'with_phone', 103, [await createRole(t, 'cust_phone', '1', CUSTOMER_MENUS)]);
  const seen = (day: number) => ({ lastSeenTime: new Date(DAY1 + day * DAY), firstSeenTime: new Date(DAY1 - DAY) });
  ids.a = await addCustomer(t, { name: '张三', phone: '13800001111', phoneAlt: '15000001111', wechat: 'zhangsan_wx', stage: 'lead', tags: ['VIP', '北京'], ownerId: owner105, ...seen(0) });
  ids.b = await addCustomer(t, {
    name: '李四',
    phoneMasked: '139****2222',
    wechat: '13900003333',
    source: 'douyin',
    tags: ['北京'],
    ownerId: owner108,
    remark: '换号了 13900004444',
    ...seen(1),
  });
  ids.c = await addCustomer(t, { name: 'Zhang Wei', phone: '13700004444', source: 'manual', stage: 'customer', ...seen(2) });
  ids.d = await addCustomer(t, { name: '王五', phone: '13600005555', source: 'boss', stage: 'lead', ownerId: 1, ...seen(3) });
  for (const [key, id] of Object.entries(ids)) nameOf.set(id, key);
  await addConversation(t, ids.a);
  await addConversation(t, ids.a);
  await addConversation(t, ids.c);
  await addLead(t, ids.a);
  await addLead(t, ids.b, { status: 'converted' });
  await addLead(t, ids.b, { status: 'invalid' });
  await t.deps.database.db.insert(crmCustomerIdentity).values({ platform: 'douyin', uid: 'open-b', customerId: ids.b });
});

const list = (who: LoggedIn, query = '') => request<ListBody<Row>>(t, who, 'GET', `/crm/customer/list?pageSize=100${query}`);
const names = async (who: LoggedIn, query = '') => (await list(who, query)).rows.map((r) => nameOf.get(r.customerId));

describe('GET /crm/customer/list', () => {
  it.each([
    ['name, any case', () => '&name=zhang', ['c']],
    ['name, part', () => '&name=张', ['a']],
    ['name with a wildcard character', () => '&name=%25', []],
    ['a whole phone number in any spelling', () => `&phone=${encodeURIComponent('+86 138-0000-1111')}`, ['a']],
    ['part of a phone number', () => '&phone=1111', ['a']],
    ['part of a masked phone', () => '&phone=2222', ['b']],
    ['WeChat, any case', () => '&wechat=ZHANGSAN', ['a']],
    ['source', () => '&source=douyin', ['b']],
    ['stage', () => '&stage=customer', ['c']],
    ['a tag', () => `&tag=${encodeURIComponent('北京')}`, ['b', 'a']],
    ['only whole tags', () => `&tag=${encodeURIComponent('京')}`, []],
    ['owner', () => `&ownerId=${owner105}`, ['a']],
    ['last seen day range', () => '&params%5BbeginTime%5D=2025-01-11&params%5BendTime%5D=2025-01-12', ['c', 'b']],
  ] as [string, () => string, string[]][])('filters by %s', async (_what, query, expected) => {
    expect(await names(admin, query())).toEqual(expected);
  });

  it('lists the newest activity first by default, with owner names and counts', async () => {
    const body = await list(admin);
    expect(body.total).toBe(4);
    expect(body.rows.map((r) => nameOf.get(r.customerId))).toEqual(['d', 'c', 'b', 'a']);
    expect(body.rows.find((r) => r.customerId === ids.a)).toMatchObject({
      name: '张三',
      phone: '13800001111',
      wechat: 'zhangsan_wx',
      source: 'web',
      stage: 'lead',
      tags: ['VIP', '北京'],
      ownerId: owner105,
      ownerName: 'owner105',
      conversationCount: 2,
      leadCount: 1,
      lastSeenTime: '2025-01-10 12:00:00',
    });
    expect(body.rows.find((r) => r.customerId === ids.c)).toMatchObject({ ownerId: null, ownerName: '', conversationCount: 1, leadCount: 0 });
  });

  it.each([
    ['conversationCount', 'desc', ['a', 'c']],
    ['leadCount', 'desc', ['b', 'a']],
    ['lastSeenTime', 'asc', ['a', 'b', 'c', 'd']],
    ['customerId', 'desc', ['d', 'c', 'b', 'a']],
  ])('sorts by %s %s', async (column, dir, first) => {
    const got = await names(admin, `&orderByColumn=${column}&isAsc=${dir}`);
    expect(got.slice(0, first.length)).toEqual(first);
  });

  it('refuses a column it does not sort by', async () => {
    expect(await list(admin, '&orderByColumn=phone')).toMatchObject({ code: 500, msg: '参数不符合规范，不能进行查询' });
  });

  it('pages', async () => {
    const body = await request<ListBody<Row>>(t, admin, 'GET', '/crm/customer/list?pageNum=2&pageSize=3&orderByColumn=lastSeenTime&isAsc=asc');
    expect(body.total).toBe(4);
    expect(body.rows.map((r) => nameOf.get(r.customerId))).toEqual(['d']);
  });
});

describe('phone numbers', () => {
  it('are masked in the list, WeChat ids and remarks included, for users without crm:customer:phone', async () => {
    const rows = (await list(noPhone)).rows;
    expect(rows.find((r) => r.customerId === ids.a)).toMatchObject({ phone: '138****1111', phoneAlt: '150****1111', wechat: 'zhangsan_wx' });
    expect(rows.find((r) => r.customerId === ids.b)).toMatchObject({ phone: '', phoneMasked: '139****2222', wechat: '139****3333', remark: '换号了 139****4444' });
  });

  it('are masked in the detail too', async () => {
    const body = await request<{ data: Row & { identities: unknown[] } }>(t, noPhone, 'GET', `/crm/customer/${ids.b}`);
    expect(body.data).toMatchObject({ name: '李四', wechat: '139****3333', identities: [{ platform: 'douyin', uid: 'open-b' }] });
    expect((await request<{ data: Row }>(t, noPhone, 'GET', `/crm/customer/${ids.a}`)).data).toMatchObject({ phone: '138****1111', phoneAlt: '150****1111' });
  });

  it('are shown whole with crm:customer:phone', async () => {
    const rows = (await list(withPhone)).rows;
    expect(rows.find((r) => r.customerId === ids.a)).toMatchObject({ phone: '13800001111', phoneAlt: '15000001111' });
    expect(rows.find((r) => r.customerId === ids.b)?.wechat).toBe('13900003333');
    expect((await request<{ data: Row }>(t, withPhone, 'GET', `/crm/customer/${ids.a}`)).data.phone).toBe('13800001111');
  });
});

describe('GET /crm/customer/{customerId}', () => {
  it('answers an unknown customer', async () => {
    expect(await request(t, admin, 'GET', '/crm/customer/999999')).toEqual({ code: 500, msg: '客户不存在' });
  });
});

describe('permissions', () => {
  const endpoints: [Method, string][] = [
    ['GET', '/crm/customer/list'],
    ['GET', '/crm/customer/100'],
    ['GET', '/crm/customer/100/timeline'],
    ['POST', '/crm/customer'],
    ['PUT', '/crm/customer'],
    ['DELETE', '/crm/customer/100'],
    ['PUT', '/crm/customer/merge'],
    ['PUT', '/crm/customer/tags'],
    ['PUT', '/crm/customer/owner'],
    ['POST', '/crm/customer/export'],
    ['POST', '/crm/customer/importTemplate'],
    ['POST', '/crm/customer/importData'],
  ];

  let nobody: LoggedIn;
  beforeAll(async () => {
    nobody = await userWithoutRoles(t, 'nobody');
  });

  it.each(endpoints)('%s %s is refused without its permission', async (method, url) => {
    expect(await request(t, nobody, method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).toEqual({
      code: 403,
      msg: '没有权限，请联系管理员授权',
    });
  });
});

describe('data scope (ry: custom scope over departments 100, 101, 105)', () => {
  it('lists customers owned in scope and unowned ones, not those owned out of scope', async () => {
    expect((await names(ry)).sort()).toEqual(['a', 'c']);
    expect(await names(ry, `&ownerId=${owner108}`)).toEqual([]);
  });

  it.each([
    ['GET', () => `/crm/customer/${ids.b}`, undefined],
    ['GET', () => `/crm/customer/${ids.d}/timeline`, undefined],
    ['PUT', () => '/crm/customer', () => ({ customerId: ids.b, name: '改名' })],
    ['DELETE', () => `/crm/customer/${ids.b}`, undefined],
    ['PUT', () => '/crm/customer/tags', () => ({ customerIds: [ids.a, ids.b], tags: ['x'], mode: 'add' })],
    ['PUT', () => '/crm/customer/owner', () => ({ customerIds: [ids.d], ownerId: null })],
    ['PUT', () => '/crm/customer/merge', () => ({ targetId: ids.a, sourceId: ids.d })],
  ] as [Method, () => string, (() => object) | undefined][])('refuses %s %s on a customer out of scope', async (method, url, payload) => {
    expect(await request(t, ry, method, url(), payload?.())).toEqual({ code: 500, msg: '没有权限访问客户数据！' });
  });

  it('opens customers in scope', async () => {
    expect((await request<{ data: Row }>(t, ry, 'GET', `/crm/customer/${ids.a}`)).data.name).toBe('张三');
    expect((await request<{ data: Row }>(t, ry, 'GET', `/crm/customer/${ids.c}`)).data.name).toBe('Zhang Wei');
  });

  it('changed nothing through the refused writes', async () => {
    const b = (await request<{ data: Row }>(t, admin, 'GET', `/crm/customer/${ids.b}`)).data;
    expect(b).toMatchObject({ name: '李四', tags: ['北京'], ownerId: owner108 });
    expect((await request<{ data: Row }>(t, admin, 'GET', `/crm/customer/${ids.a}`)).data.tags).toEqual(['VIP', '北京']);
  });
});
