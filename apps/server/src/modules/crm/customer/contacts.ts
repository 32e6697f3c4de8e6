import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { ServiceError } from '../../../core/errors';
import { crmCustomer, sysUser } from '../../../db/schema';
import type { Executor } from '../capture';

/** How staff name a customer in messages and history: 客户“张三”（编号123）. */
export const describeCustomer = (c: { customerId: number; name: string }) => `客户“${c.name}”（编号${c.customerId}）`;

/**
 * Takes, for the rest of the transaction, the advisory locks captureLead (capture.ts) takes for the
 * same phone, WeChat id or platform identity, so a capture and a staff write never both miss a
 * customer the other is creating. The names must stay those of capture.ts; sorted, so no two
 * writers wait on each other crosswise.
 */
export async function lockContactKeys(db: Executor, keys: { phones?: string[]; wechats?: string[]; identities?: { platform: string; uid: string }[] }) {
  const names = new Set([
    ...(keys.phones ?? []).filter(Boolean).map((p) => `crm:phone:${p}`),
    ...(keys.wechats ?? []).filter(Boolean).map((w) => `crm:wechat:${w.toLowerCase()}`),
    ...(keys.identities ?? []).map((i) => `crm:id:${i.platform}:${i.uid}`),
  ]);
  for (const name of [...names].sort()) await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

/** Refuses a phone or WeChat id another customer already has, naming that customer. */
export async function checkContactsFree(db: Executor, contact: { phone: string; wechat: string }, exceptIds: number[] = []) {
  const others = exceptIds.length > 0 ? notInArray(crmCustomer.customerId, exceptIds) : undefined;
  const holder = async (match: SQL) =>
    (
      await db
        .select({ customerId: crmCustomer.customerId, name: crmCustomer.name })
        .from(crmCustomer)
        .where(and(match, others))
        .orderBy(crmCustomer.customerId)
        .limit(1)
    )[0];
  if (contact.phone) {
    const c = await holder(eq(crmCustomer.phone, contact.phone));
    if (c) throw new ServiceError(`手机号${contact.phone}已属于${describeCustomer(c)}`);
  }
  if (contact.wechat) {
    const c = await holder(sql`lower(${crmCustomer.wechat}) = ${contact.wechat.toLowerCase()}`);
    if (c) throw new ServiceError(`微信号${contact.wechat}已属于${describeCustomer(c)}`);
  }
}

/** An owner must be a user who can sign in: normal status, not deleted. */
export async function requireActiveUser(db: Executor, userId: number): Promise<{ userId: number; nickName: string }> {
  const [user] = await db
    .select({ userId: sysUser.userId, nickName: sysUser.nickName })
    .from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.status, '0'), eq(sysUser.delFlag, '0')))
    .limit(1);
  if (!user) throw new ServiceError('负责人不存在或已停用');
  return user;
}

/** Display names (nickName) of users, for owners in rows and history; deleted users keep theirs. */
export async function userNames(db: Executor, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ userId: sysUser.userId, nickName: sysUser.nickName }).from(sysUser).where(inArray(sysUser.userId, wanted));
  return new Map(rows.map((r) => [r.userId, r.nickName]));
}
