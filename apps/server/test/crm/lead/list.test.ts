import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app';
import type { LoggedIn } from '../../helpers/login';
import { exportSheet } from '../../helpers/crud';
import { createUser } from '../../system/user/support';
import { createAgent } from '../../ai/runtime/support';
import { API, FORBIDDEN, HOUR, MINUTE, leadTestApp, leadUser, MONDAY_10AM, seedLead, type Requester, type Viewer } from './support';

interface LeadJson {
  leadId: number;
  customerId: number;
  customerName: string;
  name: string;
  phone: string;
  wechat: string;
  fields: { field: string; value: string; evidence: string }[];
  channel: string;
  agentId: number | null;
  agentName: string;
  source: string;
  status: string;
  ownerId: number | null;
  ownerName: string;
  overdue: boolean;
  firstContactDeadline: string | null;
  capturedTime: string;
}

let t: TestApp;
let admin: LoggedIn;
let ry: LoggedIn;
let masked: Viewer;
let salesA: Viewer;
let nobody: LoggedIn;
let req: Requester;
const leads: Record<string, { leadId: number; customerId: number; phone: string }> = {};

const list = (query = '', who: LoggedIn = admin) => req<{ rows: LeadJson[]; total: number }>('GET', `/crm/lead/list${query}`, undefined, who);
const names = async (query = '', who: LoggedIn = admin) => (await list(query, who)).rows.map((r) => r.name);

const PREFIX = 'lead';

beforeAll(async () => {
  ({ t, admin, ry, nobody, req } = await leadTestApp(PREFIX));
  masked = await leadUser(t, 'lead_masked', 105);
  salesA = await leadUser(t, 'sales_a', 105);
  // 研发部门 (103) is outside ry's custom data scope (100, 101, 105).
  const salesB = await createUser(t, 'sales_b', 103);
  const agentId = await createAgent(t, { name: '售前小助手' });
  const now = MONDAY_10AM;
  const seed = async (key: string, values: Parameters<typeof seedLead>[1] & { phone: string }) => {
    leads[key] = { ...(await seedLead(t, values)), phone: values.phone };
  };
  await seed('pool', { name: '张一', phone: '13700000001', capturedTime: now - 3 * HOUR, agentId });
  await seed('late', {
    name: '李二',
    phone: '13700000002',
    channel: 'douyin',
    source: 'apply',
    status: 'assigned',
    ownerId: salesA.userId,
    capturedTime: now - 2 * HOUR,
    firstContactDeadline: now - HOUR,
  });
  await seed('due', {
    name: '王三',
    phone: '13700000003',
    wechat: 'Wx_Wang3',
    status: 'assigned',
    ownerId: salesA.userId,
    capturedTime: now - HOUR,
    firstContactDeadline: now + 20 * MINUTE,
  });
  await seed('other', { name: '赵四', phone: '13700000004', status: 'contacted', ownerId: salesB, capturedTime: now, lastFollowupTime: now });
  await seed('invalid', { name: '钱五', phone: '13700000005', status: 'invalid', capturedTime: now - 24 * HOUR, remark: '打过去是空号13700000005' });
});

describe('GET /crm/lead/list', () => {
  it('lists newest captures first with the names of customer, agent and owner, and overdue judged now', async () => {
    const page = await list();
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.name)).toEqual(['赵四', '王三', '李二', '张一', '钱五']);
    const byName = Object.fromEntries(page.rows.map((r) => [r.name, r]));
    expect(byName['张一']).toMatchObject({ customerName: '张一', agentName: '售前小助手', status: 'new', ownerId: null, ownerName: '', overdue: false, phone: '13700000001' });
    expect(byName['李二']).toMatchObject({ ownerId: salesA.userId, ownerName: 'sales_a', overdue: true, channel: 'douyin', source: 'apply' });
    expect(byName['王三']).toMatchObject({ overdue: false, firstContactDeadline: '2026-03-02 10:20:00', capturedTime: '2026-03-02 09:00:00' });
  });

  it.each([
    ['?name=' + encodeURIComponent('三'), ['王三']],
    ['?phone=13700000001', ['张一']],
    ['?phone=' + encodeURIComponent('+86 137-0000-0002'), ['李二']],
    ['?phone=0000000', ['赵四', '王三', '李二', '张一', '钱五']],
    ['?wechat=wx_wang', ['王三']],
    ['?channel=douyin', ['李二']],
    ['?status=assigned', ['王三', '李二']],
    ['?source=apply', ['李二']],
    ['?pool=true', ['张一']],
    ['?overdue=true', ['李二']],
    ['?params%5BbeginTime%5D=2026-03-01&params%5BendTime%5D=2026-03-01', ['钱五']],
    ['?params%5BbeginTime%5D=2026-03-02', ['赵四', '王三', '李二', '张一']],
  ])('filters %s', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('filters by owner, customer and agent', async () => {
    expect(await names(`?ownerId=${salesA.userId}`)).toEqual(['王三', '李二']);
    expect(await names(`?customerId=${leads.due.customerId}`)).toEqual(['王三']);
    const [pool] = (await list('?pool=true')).rows;
    expect(await names(`?agentId=${pool.agentId}`)).toEqual(['张一']);
  });

  it('"mine" lists the caller\'s own leads', async () => {
    expect(await names('?mine=true', salesA)).toEqual(['王三', '李二']);
    expect(await names('?mine=true')).toEqual([]);
  });

  it('sorts by a whitelisted column and pages with the last-page clamp', async () => {
    expect(await names('?orderByColumn=firstContactDeadline&isAsc=asc&status=assigned')).toEqual(['李二', '王三']);
    expect(await names('?orderByColumn=leadId&isAsc=asc')).toEqual(['张一', '李二', '王三', '赵四', '钱五']);
    expect(await names('?orderByColumn=status&isAsc=desc')).toEqual(['张一', '钱五', '赵四', '王三', '李二']);
    const page = await list('?pageSize=2&pageNum=2');
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.name)).toEqual(['李二', '张一']);
    expect((await list('?pageSize=2&pageNum=9')).rows.map((r) => r.name)).toEqual(['钱五']);
    expect(await list('?orderByColumn=phone')).toMatchObject({ code: 500, msg: '参数不符合规范，不能进行查询' });
  });

  it('refuses bad filters with the field named', async () => {
    expect(await list('?status=won')).toMatchObject({ code: 500, msg: expect.stringContaining('线索状态不正确') });
    expect(await list('?channel=qq')).toMatchObject({ code: 500, msg: expect.stringContaining('渠道不正确') });
    expect(await list('?ownerId=abc')).toMatchObject({ code: 500, msg: expect.stringContaining('负责人编号必须是正整数') });
    expect(await list('?mine=maybe')).toMatchObject({ code: 500, msg: expect.stringContaining('参数值[maybe]不是有效的布尔值') });
  });

  it('masks phones (and numbers in the fields, WeChat and remark) for users without crm:customer:phone', async () => {
    const rows = (await list('?pageSize=10', masked)).rows;
    const pool = rows.find((r) => r.name === '张一')!;
    expect(pool.phone).toBe('137****0001');
    expect(pool.fields).toEqual([expect.objectContaining({ value: '137****0001', evidence: '电话137****0001' })]);
    const invalid = (await req<{ data: { remark: string } }>('GET', `/crm/lead/${leads.invalid.leadId}`, undefined, masked)).data;
    expect(invalid.remark).toBe('打过去是空号137****0005');
    // ry's role holds 查看手机号.
    expect((await list('?pool=true', ry)).rows[0].phone).toBe('13700000001');
  });

  it('follows the data scope: ry sees the pool and owners in scope, not an owner in 研发部门', async () => {
    expect(await names('', ry)).toEqual(['王三', '李二', '张一', '钱五']);
    expect(await req('GET', `/crm/lead/${leads.other.leadId}`, undefined, ry)).toEqual({ code: 500, msg: '没有权限访问客户数据！' });
    expect((await req<{ data: LeadJson }>('GET', `/crm/lead/${leads.pool.leadId}`, undefined, ry)).data.name).toBe('张一');
  });

  it('refuses users without the permission', async () => {
    expect(await list('', nobody)).toEqual(FORBIDDEN);
    expect(await req('GET', `/crm/lead/${leads.pool.leadId}`, undefined, nobody)).toEqual(FORBIDDEN);
    expect(await req('GET', `/crm/lead/${leads.pool.leadId}/chat`, undefined, nobody)).toEqual(FORBIDDEN);
    expect(await req('POST', '/crm/lead/export', {}, nobody)).toEqual(FORBIDDEN);
  });
});

describe('POST /crm/lead/export', () => {
  it('exports the filtered leads with Chinese headers and labels', async () => {
    const { header, rows } = await exportSheet(t.app, `${API}/crm/lead/export`, admin.headers, { status: 'assigned' });
    expect(header).toEqual([
      '线索编号', '客户编号', '客户', '姓名', '手机号', '微信号', '留资内容', '渠道', 'AI客服', '来源', '状态', '负责人',
      '重复于线索', '分配时间', '首次联系截止', '是否超时', '最近跟进', '下次联系', '留资时间', '备注',
    ]);
    expect(rows.map((r) => r['姓名'])).toEqual(['王三', '李二']);
    expect(rows[1]).toMatchObject({ 手机号: '13700000002', 渠道: '抖音', 来源: '官网申请', 状态: '已分配', 负责人: 'sales_a', 是否超时: '是', 留资内容: '手机号：13700000002' });
  });

  it('masks phones in the export too and keeps to the data scope', async () => {
    const { rows } = await exportSheet(t.app, `${API}/crm/lead/export`, masked.headers, { name: '张一' });
    expect(rows[0]).toMatchObject({ 手机号: '137****0001', 留资内容: '手机号：137****0001', 状态: '待分配' });
    const scoped = await exportSheet(t.app, `${API}/crm/lead/export`, ry.headers);
    expect(scoped.rows.map((r) => r['姓名'])).toEqual(['王三', '李二', '张一', '钱五']);
  });
});

// Last: it moves the clock on for the rest of the file.
describe('as time passes', () => {
  it('a lead becomes overdue once its first-contact deadline passes', async () => {
    t.advance(25 * MINUTE);
    expect(await names('?overdue=true')).toEqual(['王三', '李二']);
    expect((await list(`?customerId=${leads.due.customerId}`)).rows[0].overdue).toBe(true);
  });
});
