import { count, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as s from '../schema';
import { seedConfigs } from './configs';
import { deptContact, seedDepts } from './depts';
import { seedDictData, seedDictTypes } from './dicts';
import { seedJobs } from './jobs';
import { seedMenus } from './menus';
import { seedNotices } from './notices';
import { seedPosts } from './posts';
import { seedRoleDepts, seedRoles } from './roles';
import { SEED_PASSWORD_HASH, seedUserPosts, seedUserRoles, seedUsers } from './users';

export { SEED_PASSWORD_HASH } from './users';

/** Serialises seeding when several instances start against one PostgreSQL at the same time. */
const SEED_LOCK_KEY = 727_001;

/** Role 2 (普通角色) holds every seeded menu, so `ry` sees the same sidebar as admin. */
const COMMON_ROLE_ID = 2;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Fills an empty database with the RuoYi seed (contract §8, §9.1). Returns whether it seeded.
 * "Empty" means sys_user has no rows; everything is written in one transaction.
 */
export async function seedIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ users }] = await tx.select({ users: count() }).from(s.sysUser);
    if (users > 0) return false;
    await insertSeed(tx, now);
    await advanceIdentities(tx);
    return true;
  });
}

async function insertSeed(tx: Tx, now: Date): Promise<void> {
  const audit = { createBy: 'admin', createTime: now };
  await tx.insert(s.sysDept).values(seedDepts.map((d) => ({ ...d, ...deptContact, ...audit })));
  await tx.insert(s.sysPost).values(seedPosts.map((p) => ({ ...p, remark: '', ...audit })));
  await tx.insert(s.sysRole).values(seedRoles.map((r) => ({ ...r, ...audit })));
  await tx.insert(s.sysMenu).values(seedMenus.map((m) => ({ ...m, ...audit })));
  await tx.insert(s.sysUser).values(
    seedUsers.map((u) => ({
      ...u,
      password: SEED_PASSWORD_HASH,
      loginIp: '127.0.0.1',
      // Set at install so the seeded accounts are not flagged as "initial password never changed".
      loginDate: now,
      pwdUpdateDate: now,
      ...audit,
    })),
  );
  await tx.insert(s.sysUserRole).values(seedUserRoles);
  await tx.insert(s.sysUserPost).values(seedUserPosts);
  await tx.insert(s.sysRoleDept).values(seedRoleDepts);
  await tx.insert(s.sysRoleMenu).values(seedMenus.map((m) => ({ roleId: COMMON_ROLE_ID, menuId: m.menuId as number })));
  await tx.insert(s.sysDictType).values(seedDictTypes.map((d) => ({ ...d, ...audit })));
  await tx.insert(s.sysDictData).values(seedDictData.map((d) => ({ ...d, ...audit })));
  await tx.insert(s.sysConfig).values(seedConfigs.map((c) => ({ ...c, configType: 'Y', ...audit })));
  await tx.insert(s.sysJob).values(seedJobs.map((j) => ({ ...j, ...audit })));
  await tx.insert(s.sysNotice).values(seedNotices.map((n) => ({ ...n, remark: '管理员', ...audit })));
}

/** Tables whose seed rows carry explicit ids, with their identity column. */
const seededIdentities: [PgTable, PgColumn][] = [
  [s.sysDept, s.sysDept.deptId],
  [s.sysUser, s.sysUser.userId],
  [s.sysPost, s.sysPost.postId],
  [s.sysRole, s.sysRole.roleId],
  [s.sysMenu, s.sysMenu.menuId],
  [s.sysDictType, s.sysDictType.dictId],
  [s.sysDictData, s.sysDictData.dictCode],
  [s.sysConfig, s.sysConfig.configId],
  [s.sysJob, s.sysJob.jobId],
  [s.sysNotice, s.sysNotice.noticeId],
];

/**
 * Explicit ids do not move an identity sequence. The schema starts each sequence above the RuoYi ids,
 * but a seed row added later at or above that start would collide with the next generated id,
 * so every sequence is moved past the largest seeded id when needed.
 */
async function advanceIdentities(tx: Tx): Promise<void> {
  for (const [table, column] of seededIdentities) {
    const seq = sql`pg_get_serial_sequence(${getTableName(table)}, ${column.name})::regclass`;
    await tx.execute(sql`
      select setval(${seq}, m.max_id)
      from (select max(${column}) as max_id from ${table}) m,
           (select coalesce(p.last_value + 1, p.start_value) as next_id
              from pg_sequences p
             where format('%I.%I', p.schemaname, p.sequencename)::regclass = ${seq}) q
      where m.max_id >= q.next_id
    `);
  }
}
