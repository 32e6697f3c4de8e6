import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { crmLead } from '../../../src/db/schema';
import { exportSheet } from '../../helpers/crud';
import { createAndLogin, createRole } from '../../system/user/support';
import { API, bossAccount, bossTestApp, connector, FORBIDDEN, recruitingAgent, type BossTestApp } from './support';

/** 渠道 → BOSS留资 (2203, channel:boss:lead) and its export button (2230). */
const LEAVE_MENUS = [2200, 2203];
const EXPORT_MENU = 2230;

interface LeaveRow {
  leadId: number;
  bossUid: string;
  name: string;
  phone: string;
  ownerId: number | null;
}

let b: BossTestApp;
let accountId: number;
let ownedLeadId: number;

beforeAll(async () => {
  b = await bossTestApp('bossleave');
  const agentId = await recruitingAgent(b.t);
  const account = await bossAccount(b, { agentId });
  accountId = account.accountId;
  const send = connector(b.t, account);
  for (const [candidateId, name, phone] of [
    ['leave-a', '马一', '13700001111'],
    ['leave-b', '牛二', '13700002222'],
  ]) {
    const res = await send('/profile', { body: { candidateId, name, phone } });
    expect(res.json()).toMatchObject({ code: 200 });
  }
  const [owned] = await b.t.deps.database.db.select().from(crmLead).where(eq(crmLead.phone, '13700001111'));
  ownedLeadId = owned.leadId;
  // Owned by admin (department 103): outside a "self only" user's scope; the other lead stays in the pool.
  await b.t.deps.database.db.update(crmLead).set({ ownerId: 1, status: 'assigned' }).where(eq(crmLead.leadId, ownedLeadId));
});

describe('BOSS留资', () => {
  it('lists only BOSS leads, filtered and sorted by whitelisted columns', async () => {
    const all = await b.req<{ rows: LeaveRow[]; total: number }>('GET', `/channel/bossLeave/list?accountId=${accountId}&orderByColumn=leadId&isAsc=asc`);
    expect(all.rows.map((r) => [r.bossUid, r.name, r.phone])).toEqual([
      ['leave-a', '马一', '13700001111'],
      ['leave-b', '牛二', '13700002222'],
    ]);
    expect((await b.req<{ total: number }>('GET', `/channel/bossLeave/list?accountId=${accountId}&phone=13700002222`)).total).toBe(1);
    expect((await b.req<{ total: number }>('GET', `/channel/bossLeave/list?accountId=${accountId}&status=assigned`)).total).toBe(1);
    const [web] = await b.t.deps.database.db
      .insert(crmLead)
      .values({ customerId: 1, channel: 'web', name: '网页客户', phone: '13700009999', capturedTime: new Date(b.t.deps.now()) })
      .returning();
    const listed = await b.req<{ rows: LeaveRow[] }>('GET', '/channel/bossLeave/list?pageSize=100');
    expect(listed.rows.map((r) => r.leadId)).not.toContain(web.leadId);
    expect(listed.rows).toHaveLength(2);
    expect(await b.req('GET', '/channel/bossLeave/list?orderByColumn=phone')).toMatchObject({ code: 500, msg: '参数不符合规范，不能进行查询' });
  });

  it('follows the role data scope like 客户留资 and masks phones without the phone permission', async () => {
    const roleId = await createRole(b.t, 'boss_leave_self', '5', LEAVE_MENUS);
    const self = await createAndLogin(b.t, 'boss_leave_self', 105, [roleId]);
    const seen = await b.req<{ rows: LeaveRow[] }>('GET', `/channel/bossLeave/list?accountId=${accountId}`, undefined, self);
    expect(seen.rows.map((r) => [r.bossUid, r.phone])).toEqual([['leave-b', '137****2222']]);
    expect(await b.req('POST', '/channel/bossLeave/export', {}, self)).toMatchObject(FORBIDDEN);
    expect(await b.req('GET', '/channel/bossLeave/list', undefined, b.nobody)).toMatchObject(FORBIDDEN);
  });

  it('exports the filtered list as xlsx', async () => {
    const roleId = await createRole(b.t, 'boss_leave_export', '1', [...LEAVE_MENUS, EXPORT_MENU]);
    const exporter = await createAndLogin(b.t, 'boss_leave_export', 103, [roleId]);
    const sheet = await exportSheet(b.t.app, `${API}/channel/bossLeave/export`, exporter.headers, { accountId: String(accountId), name: '马' });
    expect(sheet.header).toContain('应聘职位');
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]).toMatchObject({ 线索编号: String(ownedLeadId), 姓名: '马一', BOSS编号: 'leave-a', 线索状态: '已分配' });
  });
});
