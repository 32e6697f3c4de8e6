import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { crmApply, crmLead, sysOperLog } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { exportSheet, userWithoutRoles } from '../../helpers/crud';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { eventually } from '../../common/support';
import { API, APPLY_MENUS, applyUser, appliesOf, FORBIDDEN, form, HOUR, MONDAY_10AM, requester, submit, type Requester } from './support';

/** The 申请记录 screen's endpoints: list, detail, handle, delete, export, with permissions and masked phones. */
interface ApplyJson {
  applyId: number;
  name: string;
  phone: string;
  company: string;
  need: string;
  status: string;
  repeatCount: number;
  leadId: number | null;
  leadStatus: string | null;
  handleNote: string;
  handledBy: string;
}

let t: TestApp;
let admin: LoggedIn;
let req: Requester;
const ids: Record<string, number> = {};

const list = (query = '', who = admin) => req<{ rows: ApplyJson[]; total: number }>('GET', `/crm/apply/list${query}`, undefined, who);
const names = async (query = '', who = admin) => (await list(query, who)).rows.map((r) => r.name);

beforeAll(async () => {
  t = await createTestApp({ startAt: MONDAY_10AM });
  const apply = async (key: string, values: Record<string, unknown>) => {
    await submit(t, form(values));
    ids[key] = (await appliesOf(t, values.phone as string))[0].applyId;
    t.advance(HOUR);
  };
  await apply('zhao', { name: '赵甲', phone: '13600000001', company: '甲公司', need: '回电13600000001' });
  await apply('qian', { name: '钱乙', phone: '13600000002', company: '乙集团', need: '' });
  await apply('sun', { name: '孙丙', phone: '13600000003', company: '', need: '抖音接入' });
  // Signed in after the clock moved: a session lasts 30 minutes of inactivity.
  admin = await loginAs(t.app, 'admin', 'admin123');
  req = requester(t, admin);
});

describe('GET /crm/apply/list', () => {
  it('lists the latest application first with the lead it created', async () => {
    const page = await list();
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.name)).toEqual(['孙丙', '钱乙', '赵甲']);
    expect(page.rows[2]).toMatchObject({ phone: '13600000001', status: 'new', repeatCount: 0, leadStatus: 'new' });
  });

  it('filters by name, phone (any spelling or a part), company, status and day; sorts and pages', async () => {
    expect(await names('?name=钱')).toEqual(['钱乙']);
    expect(await names('?phone=136 0000 0003')).toEqual(['孙丙']);
    expect(await names('?phone=0002')).toEqual(['钱乙']);
    expect(await names('?company=集团')).toEqual(['钱乙']);
    expect(await names('?status=invalid')).toEqual([]);
    expect(await names('?params[beginTime]=2026-03-02&params[endTime]=2026-03-02')).toHaveLength(3);
    expect(await names('?params[beginTime]=2026-03-03')).toEqual([]);
    expect(await names('?orderByColumn=applyId&isAsc=ascending')).toEqual(['赵甲', '钱乙', '孙丙']);
    expect((await list('?pageNum=2&pageSize=2')).rows.map((r) => r.name)).toEqual(['赵甲']);
    expect(await list('?status=done')).toMatchObject({ code: 500 });
    expect(await list('?orderByColumn=ip')).toEqual({ code: 500, msg: '参数不符合规范，不能进行查询' });
  });

  it('masks phones, also inside the need, for users without crm:customer:phone', async () => {
    const masked = await applyUser(t, 'apply_masked', []);
    const [zhao] = (await list('?name=赵', masked)).rows;
    expect(zhao).toMatchObject({ phone: '136****0001', need: '回电136****0001' });
    const full = await applyUser(t, 'apply_phone', [], { phone: true });
    expect((await list('?name=赵', full)).rows[0].phone).toBe('13600000001');
  });
});

describe('detail, handle, delete', () => {
  it('GET /crm/apply/{id} answers the record, or says it is gone', async () => {
    expect((await req<{ data: ApplyJson }>('GET', `/crm/apply/${ids.qian}`)).data).toMatchObject({ name: '钱乙', company: '乙集团', leadStatus: 'new' });
    expect(await req('GET', '/crm/apply/999999')).toEqual({ code: 500, msg: '申请记录不存在' });
  });

  it('PUT /crm/apply/handle sets status and note with who did it, and logs the operation', async () => {
    const res = await req('PUT', '/crm/apply/handle', { applyId: ids.qian, status: 'handled', handleNote: '已电话沟通，约了演示' });
    expect(res).toEqual({ code: 200, msg: '操作成功' });
    const [row] = await t.deps.database.db.select().from(crmApply).where(eq(crmApply.applyId, ids.qian));
    expect(row).toMatchObject({ status: 'handled', handleNote: '已电话沟通，约了演示', handledBy: 'admin' });
    expect(row.handledTime?.getTime()).toBe(t.deps.now());
    const log = await eventually(async () => (await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, '申请记录'), eq(sysOperLog.operUrl, `${API}/crm/apply/handle`))))[0]);
    expect(log.businessType).toBe(2);
    // The lead is the sales team's business: handling the record leaves it as it was.
    expect((await t.deps.database.db.select().from(crmLead).where(eq(crmLead.leadId, row.leadId!)))[0].status).toBe('new');
  });

  it('refuses a handle with an unknown status, a long note or a missing record', async () => {
    expect(await req('PUT', '/crm/apply/handle', { applyId: ids.qian, status: 'done' })).toEqual({ code: 500, msg: '处理状态只能是待处理、已处理或无效' });
    expect(await req('PUT', '/crm/apply/handle', { applyId: ids.qian, status: 'invalid', handleNote: 'x'.repeat(501) })).toEqual({
      code: 500,
      msg: '处理说明长度不能超过500个字符',
    });
    expect(await req('PUT', '/crm/apply/handle', { applyId: 999999, status: 'invalid' })).toEqual({ code: 500, msg: '申请记录不存在' });
  });

  it('DELETE /crm/apply/{ids} removes the records and keeps their leads', async () => {
    await submit(t, form({ name: '待删一', phone: '13600000011' }));
    await submit(t, form({ name: '待删二', phone: '13600000012' }));
    const [one] = await appliesOf(t, '13600000011');
    const [two] = await appliesOf(t, '13600000012');
    expect(await req('DELETE', `/crm/apply/${one.applyId},${two.applyId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await appliesOf(t, '13600000011')).toHaveLength(0);
    expect(await t.deps.database.db.select().from(crmLead).where(eq(crmLead.leadId, one.leadId!))).toHaveLength(1);
    expect(await req('DELETE', '/crm/apply/999999')).toEqual({ code: 500, msg: '操作失败' });
  });
});

describe('POST /crm/apply/export', () => {
  it('exports the filtered records with labels, phones masked for those who may not see them', async () => {
    const { header, rows } = await exportSheet(t.app, `${API}/crm/apply/export`, admin.headers, { status: 'handled' });
    expect(header.slice(0, 6)).toEqual(['申请编号', '姓名', '手机号', '公司名称', '需求描述', '处理状态']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ 姓名: '钱乙', 手机号: '13600000002', 处理状态: '已处理', 线索状态: '待分配', 处理人: 'admin' });
    const exporter = await applyUser(t, 'apply_exporter', [APPLY_MENUS.export]);
    const masked = await exportSheet(t.app, `${API}/crm/apply/export`, exporter.headers, { name: '赵' });
    expect(masked.rows[0]).toMatchObject({ 手机号: '136****0001', 需求描述: '回电136****0001' });
  });
});

describe('permissions', () => {
  it('refuses every console endpoint to a user without its permission', async () => {
    const nobody = await userWithoutRoles(t, 'apply_nobody');
    const listOnly = await applyUser(t, 'apply_listonly', []);
    expect(await list('', nobody)).toEqual(FORBIDDEN);
    for (const who of [nobody, listOnly]) {
      expect(await req('GET', `/crm/apply/${ids.zhao}`, undefined, who)).toEqual(FORBIDDEN);
      expect(await req('PUT', '/crm/apply/handle', { applyId: ids.zhao, status: 'handled' }, who)).toEqual(FORBIDDEN);
      expect(await req('DELETE', `/crm/apply/${ids.zhao}`, undefined, who)).toEqual(FORBIDDEN);
      expect(await req('POST', '/crm/apply/export', {}, who)).toEqual(FORBIDDEN);
    }
    const handler = await applyUser(t, 'apply_handler', [APPLY_MENUS.query, APPLY_MENUS.edit]);
    expect(await req('PUT', '/crm/apply/handle', { applyId: ids.zhao, status: 'invalid' }, handler)).toMatchObject({ code: 200 });
    expect(await req('DELETE', `/crm/apply/${ids.zhao}`, undefined, handler)).toEqual(FORBIDDEN);
  });
});
