import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysUser } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { userWithoutRoles } from '../../helpers/crud';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { createAndLogin, createRole, createUser } from '../../system/user/support';
import { request } from './support';

interface Staff {
  userId: number;
  userName: string;
  nickName: string;
  deptName: string | null;
}

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  await createUser(t, 'picker_on', 105);
  const off = await createUser(t, 'picker_off', 105);
  const gone = await createUser(t, 'picker_gone', 105);
  await t.deps.database.db.update(sysUser).set({ status: '1' }).where(eq(sysUser.userId, off));
  await t.deps.database.db.update(sysUser).set({ delFlag: '2' }).where(eq(sysUser.userId, gone));
});

const staff = async (who: LoggedIn, query = '') => request<{ data?: Staff[] }>(t, who, 'GET', `/crm/staff${query}`);

describe('GET /crm/staff', () => {
  it('lists the users who can sign in, with their department', async () => {
    const { data } = await staff(admin);
    const names = data!.map((s) => s.userName);
    expect(names).toEqual(expect.arrayContaining(['admin', 'ry', 'picker_on']));
    expect(names).not.toContain('picker_off');
    expect(names).not.toContain('picker_gone');
    expect(data!.find((s) => s.userName === 'picker_on')).toEqual({ userId: expect.any(Number), userName: 'picker_on', nickName: 'picker_on', deptName: '测试部门' });
  });

  it('narrows by part of the account or the nickname', async () => {
    expect((await staff(admin, '?keyword=PICKER')).data!.map((s) => s.userName)).toEqual(['picker_on']);
    expect((await staff(admin, `?keyword=${encodeURIComponent('管理')}`)).data!.map((s) => s.userName)).toEqual(['admin']);
  });

  it.each([
    ['客户管理', [2100, 2101]],
    ['客户留资', [2100, 2102]],
    ['员工分配', [2100, 2103]],
  ])('opens to a user of %s', async (_screen, menus) => {
    const who = await createAndLogin(t, `picker_${menus[1]}`, 103, [await createRole(t, `picker_${menus[1]}`, '1', menus)]);
    expect((await staff(who)).code).toBe(200);
  });

  it('is refused to a user of none of those screens', async () => {
    expect(await staff(await userWithoutRoles(t, 'picker_none'))).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
  });
});
