import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildWorkbook } from '../../../src/core/list';
import { crmCustomer, crmLeadEvent, sysUser } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { exportSheet } from '../../helpers/crud';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call, multipart } from '../../common/support';
import { zipBomb } from '../../core/xlsx-files';
import { createAndLogin, createRole, createUser } from '../../system/user/support';
import { addCustomer, API, CUSTOMER_MENUS_NO_PHONE } from './support';

const TEMPLATE = ['客户名称', '手机号码', '微信号', '标签', '客户阶段', '负责人账号', '备注'];

let t: TestApp;
let admin: LoggedIn;
let ry: LoggedIn;
let noPhone: LoggedIn;
let sales: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  ry = await loginAs(t.app, 'ry', 'admin123');
  noPhone = await createAndLogin(t, 'x_no_phone', 103, [await createRole(t, 'x_no_phone', '1', CUSTOMER_MENUS_NO_PHONE)]);
  sales = await createUser(t, 'x_sales', 105);
  await createUser(t, 'x_far', 108);
});

const db = () => t.deps.database.db;
const byPhone = async (phone: string) => (await db().select().from(crmCustomer).where(eq(crmCustomer.phone, phone)))[0];

const sheet = (rows: (string | null)[][]) => buildWorkbook('客户数据', TEMPLATE.map((header, i) => ({ header, value: (r: (string | null)[]) => r[i] ?? null })), rows);

async function upload(who: LoggedIn, data: Buffer, updateSupport = false) {
  const form = await multipart([{ field: 'file', filename: 'customers.xlsx', data }]);
  return call(t.app, { method: 'POST', url: `${API}/crm/customer/importData?updateSupport=${updateSupport}`, headers: { ...who.headers, ...form.headers }, payload: form.payload });
}

describe('POST /crm/customer/export', () => {
  it('exports the filtered customers with Chinese headers and labels', async () => {
    await addCustomer(t, { name: '导出甲', phone: '13500001111', wechat: 'export_a', source: 'douyin', stage: 'lead', tags: ['VIP', '北京'], ownerId: sales });
    await addCustomer(t, { name: '导出乙', source: 'manual', stage: 'customer' });
    const { header, rows } = await exportSheet(t.app, `${API}/crm/customer/export`, admin.headers, { name: '导出', orderByColumn: 'customerId', isAsc: 'asc' });
    expect(header).toEqual(['客户编号', '客户名称', '手机号码', '微信号', '来源', '客户阶段', '标签', '负责人', '会话数', '留资数', '首次访问时间', '最近活跃时间', '创建时间', '备注']);
    expect(rows.map((r) => r['客户名称'])).toEqual(['导出甲', '导出乙']);
    expect(rows[0]).toMatchObject({ 手机号码: '13500001111', 微信号: 'export_a', 来源: '抖音', 客户阶段: '线索', 标签: 'VIP,北京', 负责人: 'x_sales', 会话数: '0' });
    expect(rows[1]).toMatchObject({ 来源: '手工录入', 客户阶段: '客户' });
  });

  it('masks phone numbers for users without crm:customer:phone', async () => {
    const { rows } = await exportSheet(t.app, `${API}/crm/customer/export`, noPhone.headers, { phone: '13500001111' });
    expect(rows).toHaveLength(1);
    expect(rows[0]['手机号码']).toBe('135****1111');
  });

  it('exports only customers in the data scope', async () => {
    await addCustomer(t, { name: '导出远', ownerId: (await db().select().from(sysUser).where(eq(sysUser.userName, 'x_far')))[0].userId });
    const { rows } = await exportSheet(t.app, `${API}/crm/customer/export`, ry.headers, { name: '导出' });
    expect(rows.map((r) => r['客户名称']).sort()).toEqual(['导出乙', '导出甲']);
  });
});

describe('POST /crm/customer/importTemplate', () => {
  it('offers the import columns', async () => {
    expect(await exportSheet(t.app, `${API}/crm/customer/importTemplate`, admin.headers)).toEqual({ header: TEMPLATE, rows: [] });
  });
});

describe('POST /crm/customer/importData', () => {
  it('imports every row or none, reporting each failing row', async () => {
    await addCustomer(t, { name: '已有客户', phone: '13500002222' });
    const bad = await upload(
      admin,
      await sheet([
        ['导入一', '13500003333', '', 'VIP、北京', '线索', 'x_sales', ''],
        ['导入二', '12345', '', '', '', '', ''],
        ['导入三', '', 'owner_wx3', '', '', 'nobody_here', ''],
        ['已有客户', '13500002222', '', '', '', '', ''],
        ['导入四', '', '', '', '', '', ''],
        ['导入五', '13500003333', '', '', '', '', ''],
      ]),
    );
    expect(bad).toEqual({
      code: 500,
      msg:
        '很抱歉，导入失败！共 5 条数据格式不正确，错误如下：' +
        '<br/>1、客户 导入二 导入失败：请输入正确的手机号码' +
        '<br/>2、客户 导入三 导入失败：负责人账号nobody_here不存在或已停用' +
        '<br/>3、客户 已有客户 已存在' +
        '<br/>4、客户 导入四 导入失败：请至少填写手机号或微信号' +
        '<br/>5、客户 导入五 导入失败：与文件中前面的行手机号重复',
    });
    expect(await byPhone('13500003333')).toBeUndefined();
  });

  it('inserts new customers and, with updateSupport, updates those known by phone or WeChat', async () => {
    const known = await addCustomer(t, { name: '老客户', phone: '13500004444', tags: ['老'], stage: 'lead' });
    const byWechat = await addCustomer(t, { name: '微信客户', wechat: 'Import_WX' });
    const report = await upload(
      admin,
      await sheet([
        ['新客户', '+86 135 0000 5555', 'new_wx1', 'VIP，展会', '客户', 'x_sales', '展会名单'],
        [null, '13500004444', null, '老,复购', null, null, '更新备注'],
        ['微信客户改名', null, 'import_wx', null, null, null, null],
      ]),
      true,
    );
    expect(report).toEqual({
      code: 200,
      msg: '恭喜您，数据已全部导入成功！共 3 条，数据如下：<br/>1、客户 新客户 导入成功<br/>2、客户 13500004444 更新成功<br/>3、客户 微信客户改名 更新成功',
    });
    expect(await byPhone('13500005555')).toMatchObject({ name: '新客户', wechat: 'new_wx1', tags: ['VIP', '展会'], stage: 'customer', ownerId: sales, source: 'import', remark: '展会名单', createBy: 'admin' });
    expect(await byPhone('13500004444')).toMatchObject({ customerId: known, name: '老客户', tags: ['老', '复购'], remark: '更新备注' });
    const [renamed] = await db().select().from(crmCustomer).where(eq(crmCustomer.customerId, byWechat));
    expect(renamed).toMatchObject({ name: '微信客户改名', wechat: 'import_wx' });
    const [event] = await db().select().from(crmLeadEvent).where(eq(crmLeadEvent.customerId, known));
    expect(event).toMatchObject({ kind: 'edit', operatorName: 'admin', reason: '导入更新：添加标签：复购；修改了备注' });
  });

  it('refuses, row by row, an update of a customer out of the data scope', async () => {
    const far = (await db().select().from(sysUser).where(eq(sysUser.userName, 'x_far')))[0].userId;
    await addCustomer(t, { name: '远方客户', phone: '13500006666', ownerId: far });
    expect(await upload(ry, await sheet([['远方客户', '13500006666', '', '', '', '', '改']]), true)).toEqual({
      code: 500,
      msg: '很抱歉，导入失败！共 1 条数据格式不正确，错误如下：<br/>1、客户 远方客户 导入失败：没有权限访问客户数据！',
    });
  });

  it('goes through the bomb-safe reader of 用户管理', async () => {
    expect(await upload(admin, zipBomb({ inflatedMb: 200 }))).toEqual({ code: 500, msg: '文件解压后过大，可能是压缩炸弹，已拒绝导入' });
    expect(await upload(admin, await sheet([]))).toEqual({ code: 500, msg: '导入客户数据不能为空！' });
  });
});
