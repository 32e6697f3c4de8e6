import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysMenu, sysRoleMenu } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call } from '../../common/support';
import { API, menuIdByPerms, staff } from './support';

/** Issue 8 item 2: a menu's permission string must never widen what its holders (the editor first) may do. */
let t: TestApp;
let admin: LoggedIn;
let editor: Awaited<ReturnType<typeof staff>>;

const EDITOR_PERMS = ['system:menu:list', 'system:menu:query', 'system:menu:add', 'system:menu:edit', 'system:user:list'];
const WILDCARD = '权限字符不能包含通配符';
const NOT_HELD = '不能设置自己没有的权限字符';
const BAD_FORMAT = '权限字符只能由字母、数字、下划线和短横线组成，以冒号分隔';
const ENABLE_NOT_HELD = '不能启用含有自己没有的权限字符的菜单';

const send = (who: LoggedIn, method: 'POST' | 'PUT', payload: object) =>
  call(t.app, { method, url: `${API}/system/menu`, headers: who.headers, payload });
const getInfo = (who: LoggedIn) => call<{ permissions: string[] }>(t.app, { method: 'GET', url: `${API}/getInfo`, headers: who.headers });

/** The stored menu as the edit dialog would send it back, with a new perms value. */
async function editForm(menuId: number, perms: string | null) {
  const [m] = await t.deps.database.db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId));
  return {
    menuId,
    menuName: m.menuName,
    parentId: m.parentId,
    orderNum: m.orderNum,
    path: m.path,
    component: m.component,
    menuType: m.menuType,
    isFrame: String(m.isFrame),
    isCache: String(m.isCache),
    visible: m.visible,
    status: m.status,
    icon: m.icon,
    perms,
  };
}

const button = (perms: string, menuName = '测试按钮') => ({ menuName, parentId: 100, orderNum: 99, menuType: 'F', perms });

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  editor = await staff(t, { userName: 'permsguy', deptId: 103, perms: EDITOR_PERMS });
});

describe('menu perms cannot escalate', () => {
  it('refuses *:*:* and any wildcard on a menu the editor holds, leaving the menu and their permissions as they were', async () => {
    const menuId = await menuIdByPerms(t, 'system:user:list');
    for (const perms of ['*:*:*', 'system:*:*', '*', 'system:user:*']) {
      expect(await send(editor, 'PUT', await editForm(menuId, perms))).toEqual({ code: 500, msg: WILDCARD });
    }
    const [row] = await t.deps.database.db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId));
    expect(row.perms).toBe('system:user:list');
    expect((await getInfo(editor)).permissions).not.toContain('*:*:*');
  });

  it('refuses wildcards even from the super admin, on add and edit', async () => {
    expect(await send(admin, 'POST', button('*:*:*'))).toEqual({ code: 500, msg: WILDCARD });
    const menuId = await menuIdByPerms(t, 'system:post:list');
    expect(await send(admin, 'PUT', await editForm(menuId, '*:*:*'))).toEqual({ code: 500, msg: WILDCARD });
  });

  it('refuses a perms value the editor does not hold, on add and edit', async () => {
    expect(await send(editor, 'POST', button('system:role:remove'))).toEqual({ code: 500, msg: NOT_HELD });
    const menuId = await menuIdByPerms(t, 'system:user:list');
    expect(await send(editor, 'PUT', await editForm(menuId, 'system:config:edit'))).toEqual({ code: 500, msg: NOT_HELD });
    expect(await send(editor, 'PUT', await editForm(menuId, 'system:user:list, system:config:edit'))).toEqual({ code: 500, msg: NOT_HELD });
    expect((await getInfo(editor)).permissions).not.toContain('system:config:edit');
  });

  it('accepts perms the editor holds, an empty perms, and edits that keep a menu’s perms unchanged', async () => {
    expect(await send(editor, 'POST', button('system:user:list', '可用按钮'))).toEqual({ code: 200, msg: '操作成功' });
    expect(await send(editor, 'POST', button('', '无权限按钮'))).toEqual({ code: 200, msg: '操作成功' });
    // Upstream lets one menu list several strings, comma-separated.
    expect(await send(editor, 'POST', button('system:user:list, system:menu:query', '多权限按钮'))).toEqual({ code: 200, msg: '操作成功' });
    // Renaming a menu whose perms the editor does not hold grants nothing new.
    const form = await editForm(await menuIdByPerms(t, 'system:dept:list'), 'system:dept:list');
    expect(await send(editor, 'PUT', { ...form, remark: '仅改备注' })).toEqual({ code: 200, msg: '操作成功' });
  });

  it('lets the super admin set any well-formed perms', async () => {
    expect(await send(admin, 'POST', button('ai:new:feature', '新功能按钮'))).toEqual({ code: 200, msg: '操作成功' });
  });

  it.each(['system user', 'system::list', ':system', 'system:', 'sys;drop', 'system:user:list,,system:role:list', 'system:user:list,'])(
    'refuses the malformed perms %j',
    async (perms) => {
      expect(await send(admin, 'POST', button(perms, `坏格式 ${perms}`))).toEqual({ code: 500, msg: BAD_FORMAT });
    },
  );
});

describe('enabling a disabled menu cannot escalate', () => {
  /** A disabled button carrying `perms`, held by the editor's own role: it grants them nothing yet. */
  async function disabledHeldButton(perms: string, menuName: string) {
    const { db } = t.deps.database;
    const [row] = await db
      .insert(sysMenu)
      .values({ menuName, parentId: 100, orderNum: 98, menuType: 'F', perms, status: '1' })
      .returning({ menuId: sysMenu.menuId });
    await db.insert(sysRoleMenu).values({ roleId: editor.roleId, menuId: row.menuId });
    return row.menuId;
  }
  const statusOf = async (menuId: number) =>
    (await t.deps.database.db.select({ status: sysMenu.status }).from(sysMenu).where(eq(sysMenu.menuId, menuId)))[0].status;

  it('refuses switching on a menu whose perms the editor does not hold, so their role gains nothing', async () => {
    const menuId = await disabledHeldButton('system:config:remove', '停用的删除按钮');
    expect(await send(editor, 'PUT', { ...(await editForm(menuId, 'system:config:remove')), status: '0' })).toEqual({
      code: 500,
      msg: ENABLE_NOT_HELD,
    });
    expect(await statusOf(menuId)).toBe('1');
    expect((await getInfo(editor)).permissions).not.toContain('system:config:remove');
  });

  it('still lets the editor change a disabled menu that stays disabled, and switch on one whose perms they hold', async () => {
    const unheld = await disabledHeldButton('system:role:export', '停用的导出按钮');
    expect(await send(editor, 'PUT', { ...(await editForm(unheld, 'system:role:export')), remark: '仍停用' })).toEqual({ code: 200, msg: '操作成功' });
    expect(await statusOf(unheld)).toBe('1');
    const held = await disabledHeldButton('system:user:list', '停用的列表按钮');
    expect(await send(editor, 'PUT', { ...(await editForm(held, 'system:user:list')), status: '0' })).toEqual({ code: 200, msg: '操作成功' });
    expect(await statusOf(held)).toBe('0');
  });

  it('lets the super admin switch on any menu, which then grants its perms to the roles holding it', async () => {
    const menuId = await disabledHeldButton('system:notice:remove', '停用的公告删除按钮');
    expect(await send(admin, 'PUT', { ...(await editForm(menuId, 'system:notice:remove')), status: '0' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await getInfo(editor)).permissions).toContain('system:notice:remove');
  });
});
