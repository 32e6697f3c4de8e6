import { z } from 'zod';
import type { AppDeps } from '../../../app';
import type { LoginSession } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import { IMPORT_MAX_ROWS_KEY, importRowLimit, importWorkbook, type ImportOutcome } from '../../../core/list';
import type { Db } from '../../../db/client';
import { getConfigValue } from '../config/service';
import { Col, reverseDict, SEX, STATUS } from './excel';
import { findUserByName, insertUser, updateUser, valueTaken } from './repository';
import { checkDeptDataScope, checkUserDataScope } from './scope';
import { userFields } from './schemas';
import { checkUserAllowed, hashPassword, Perm } from './service';

const importRow = z.object({
  ...userFields,
  deptId: z.coerce.number<string>('部门编号必须是数字').int('部门编号必须是整数').positive('部门编号必须是正整数').optional(),
});
type ImportRow = z.infer<typeof importRow>;

function parseRow(cells: Record<string, string>): ImportRow {
  const parsed = importRow.safeParse({
    deptId: cells[Col.DEPT] || undefined,
    userName: cells[Col.USER_NAME] ?? '',
    nickName: cells[Col.NICK_NAME] ?? '',
    email: cells[Col.EMAIL] ?? '',
    phonenumber: cells[Col.PHONE] ?? '',
    sex: reverseDict(SEX, cells[Col.SEX]),
    status: reverseDict(STATUS, cells[Col.STATUS]),
  });
  if (!parsed.success) throw new ServiceError(parsed.error.issues[0]?.message ?? '数据格式不正确');
  return parsed.data;
}

interface ImportContext {
  deps: AppDeps;
  session: LoginSession;
  updateSupport: boolean;
  passwordHash: string;
  now: Date;
}

async function checkContactsFree(db: Db, row: ImportRow, exceptUserId?: number) {
  if (await valueTaken(db, 'phonenumber', row.phonenumber ?? undefined, exceptUserId)) throw new ServiceError('手机号码已存在');
  if (await valueTaken(db, 'email', row.email ?? undefined, exceptUserId)) throw new ServiceError('邮箱账号已存在');
}

const contact = (row: ImportRow) => ({
  nickName: row.nickName ?? '',
  email: row.email ?? '',
  phonenumber: row.phonenumber ?? '',
  sex: row.sex ?? '0',
  status: row.status ?? '0',
});

/** One row: 'inserted', 'updated' or 'exists'; a thrown error is that row's failure. */
async function importOne(db: Db, ctx: ImportContext, row: ImportRow): Promise<ImportOutcome> {
  const { session } = ctx;
  const existing = await findUserByName(db, row.userName);
  if (!existing) {
    await checkDeptDataScope(db, session, Perm.IMPORT, row.deptId);
    await checkContactsFree(db, row);
    await insertUser(db, {
      ...contact(row),
      userName: row.userName,
      deptId: row.deptId ?? null,
      password: ctx.passwordHash,
      pwdUpdateDate: ctx.now,
      createBy: session.userName,
      createTime: ctx.now,
    });
    return 'inserted';
  }
  if (!ctx.updateSupport) return 'exists';
  checkUserAllowed(existing.userId);
  await checkUserDataScope(db, session, Perm.IMPORT, existing.userId);
  await checkDeptDataScope(db, session, Perm.IMPORT, row.deptId);
  await checkContactsFree(db, row, existing.userId);
  // Upstream keeps the stored department on update; the sheet's 部门编号 only passes the scope check.
  await updateUser(db, existing.userId, { ...contact(row), updateBy: session.userName, updateTime: ctx.now });
  return 'updated';
}

/**
 * POST /system/user/importData. Unlike upstream, the whole file is one transaction: when any row
 * fails nothing is written, and the report lists every failing row (contract §5.9 wording).
 */
export async function importUsers(deps: AppDeps, session: LoginSession, data: Buffer, updateSupport: boolean): Promise<string> {
  const ctx: ImportContext = {
    deps,
    session,
    updateSupport,
    passwordHash: await hashPassword(await getConfigValue(deps, 'sys.user.initPassword')),
    now: new Date(deps.now()),
  };
  return importWorkbook(deps.database.db, data, {
    label: (cells) => `账号 ${cells[Col.USER_NAME] ?? ''}`,
    importOne: (db, cells) => importOne(db, ctx, parseRow(cells)),
    emptyMessage: '导入用户数据不能为空！',
    maxRows: importRowLimit(await getConfigValue(deps, IMPORT_MAX_ROWS_KEY)),
  });
}
