import { eq } from 'drizzle-orm';
import { crmApply } from '../../../src/db/schema';
import type { TestApp } from '../../helpers/app';
import { call } from '../../common/support';
import { createAndLogin, createRole } from '../../system/user/support';
import { API } from '../../ai/agent/support';

export { API, FORBIDDEN, requester, type Requester } from '../../ai/agent/support';

// Monday 2 March 2026, 10:00 in China.
export const MONDAY_10AM = Date.UTC(2026, 2, 2, 2, 0);
export const HOUR = 3_600_000;

/** 客户 (2100) › 申请记录 (2104) and its buttons: 查询 2140, 处理 2141, 删除 2142, 导出 2143, 首页配置 2144. */
export const APPLY_MENUS = { list: [2100, 2104], query: 2140, edit: 2141, remove: 2142, export: 2143, site: 2144 } as const;
/** 客户管理 (2101) › 查看手机号 (2117): crm:customer:phone. */
const PHONE_MENUS = [2101, 2117];

/** A user whose role holds 申请记录 with the given buttons, data scope all, and the phone permission when asked. */
export async function applyUser(t: TestApp, userName: string, buttons: number[], opts: { phone?: boolean } = {}) {
  const roleId = await createRole(t, `role_${userName}`, '1', [...APPLY_MENUS.list, ...buttons, ...(opts.phone ? PHONE_MENUS : [])]);
  return createAndLogin(t, userName, 105, [roleId]);
}

let ipSeq = 0;
/** A client address no other submission of the file used, so the per-IP limit stays out of the way. */
export const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

export const form = (values: Record<string, unknown> = {}) => ({
  name: '王小明',
  phone: '13912345678',
  company: '星河科技',
  need: '想了解抖音私信的自动回复',
  consent: true,
  website: '',
  ...values,
});

/** POST /crm/apply/submit anonymously, from `ip` (a fresh one unless given). */
export const submit = (t: TestApp, payload: object, ip = freshIp()) =>
  call(t.app, { method: 'POST', url: `${API}/crm/apply/submit`, payload, remoteAddress: ip, headers: { 'user-agent': 'vitest-phone' } });

export const appliesOf = (t: TestApp, phone: string) => t.deps.database.db.select().from(crmApply).where(eq(crmApply.phone, phone));
