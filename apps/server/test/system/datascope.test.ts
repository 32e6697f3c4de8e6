import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { call } from '../common/support';
import { API, createAndLogin, createRole, createUser, USER_MENU_IDS } from './user/support';
import type { LoggedIn } from '../helpers/login';

/**
 * Data scope (contract §5.3) on the user list, the dept tree and single-record access, with one viewer per
 * scope level sitting in 深圳总公司 (101). Targets: 研发部门 103 (admin), 测试部门 105 (ry), 长沙市场 108, 深圳总公司 101.
 */
let t: TestApp;
const viewers: Record<string, LoggedIn & { userId: number }> = {};
const targets: Record<string, number> = {};
const TARGETS = ['admin', 'ry', 'sc_rd', 'sc_test', 'sc_cs', 'sc_hq'];

beforeAll(async () => {
  t = await createTestApp();
  targets.admin = 1;
  targets.ry = 2;
  targets.sc_rd = await createUser(t, 'sc_rd', 103);
  targets.sc_test = await createUser(t, 'sc_test', 105);
  targets.sc_cs = await createUser(t, 'sc_cs', 108);
  targets.sc_hq = await createUser(t, 'sc_hq', 101);
  for (const scope of ['1', '2', '3', '4', '5']) {
    const roleId = await createRole(t, `scope${scope}`, scope, USER_MENU_IDS, scope === '2' ? [105, 108] : []);
    viewers[scope] = await createAndLogin(t, `viewer${scope}`, 101, [roleId]);
  }
});

async function visibleTargets(scope: string): Promise<string[]> {
  const body = await call<{ rows: { userName: string }[]; total: number }>(t.app, {
    method: 'GET',
    url: `${API}/system/user/list?pageSize=100`,
    headers: viewers[scope]!.headers,
  });
  return body.rows.map((r) => r.userName).filter((n) => TARGETS.includes(n)).sort();
}

const getUser = (scope: string, userId: number) =>
  call<{ data?: { userName: string } }>(t.app, { method: 'GET', url: `${API}/system/user/${userId}`, headers: viewers[scope]!.headers });

describe('data scope on the user list and single users', () => {
  const cases: [string, string, string[]][] = [
    ['1', 'all', ['admin', 'ry', 'sc_cs', 'sc_hq', 'sc_rd', 'sc_test']],
    ['2', 'custom (105, 108)', ['ry', 'sc_cs', 'sc_test']],
    ['3', 'own department (101)', ['sc_hq']],
    ['4', 'own department and below (101…)', ['admin', 'ry', 'sc_hq', 'sc_rd', 'sc_test']],
    ['5', 'self only', []],
  ];

  it.each(cases)('scope %s (%s) lists exactly the users it may see', async (scope, _label, expected) => {
    expect(await visibleTargets(scope)).toEqual(expected);
    for (const name of TARGETS) {
      const body = await getUser(scope, targets[name]!);
      if (expected.includes(name)) expect(body.data?.userName).toBe(name);
      else expect(body).toMatchObject({ code: 500, msg: '没有权限访问用户数据！' });
    }
  });

  it('self only sees the viewer alone', async () => {
    const body = await call<{ rows: { userName: string }[]; total: number }>(t.app, {
      method: 'GET',
      url: `${API}/system/user/list`,
      headers: viewers['5']!.headers,
    });
    expect(body.total).toBe(1);
    expect(body.rows.map((r) => r.userName)).toEqual(['viewer5']);
    expect((await getUser('5', viewers['5']!.userId)).data?.userName).toBe('viewer5');
  });

  it('own department sees the other viewers of 101 too', async () => {
    const body = await call<{ rows: { userName: string }[] }>(t.app, {
      method: 'GET',
      url: `${API}/system/user/list?pageSize=100`,
      headers: viewers['3']!.headers,
    });
    expect(body.rows.map((r) => r.userName)).toContain('viewer1');
  });

  it('writes are guarded by the same scope', async () => {
    const body = await call(t.app, {
      method: 'PUT',
      url: `${API}/system/user/changeStatus`,
      headers: viewers['2']!.headers,
      payload: { userId: targets.sc_rd, status: '1' },
    });
    expect(body).toMatchObject({ code: 500, msg: '没有权限访问用户数据！' });
  });

  it('the dept tree holds only departments in scope', async () => {
    const ids = async (scope: string) => {
      const body = await call<{ data: { id: number; children?: unknown[] }[] }>(t.app, {
        method: 'GET',
        url: `${API}/system/user/deptTree`,
        headers: viewers[scope]!.headers,
      });
      const out: number[] = [];
      const walk = (nodes: { id: number; children?: unknown[] }[]) => {
        for (const n of nodes) {
          out.push(n.id);
          walk((n.children ?? []) as { id: number; children?: unknown[] }[]);
        }
      };
      walk(body.data);
      return out.sort((a, b) => a - b);
    };
    expect(await ids('1')).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
    expect(await ids('2')).toEqual([105, 108]);
    expect(await ids('3')).toEqual([101]);
    expect(await ids('4')).toEqual([101, 103, 104, 105, 106, 107]);
    expect(await ids('5')).toEqual([]);
  });

  it('a department filter cannot widen the scope', async () => {
    const body = await call<{ rows: { userName: string }[] }>(t.app, {
      method: 'GET',
      url: `${API}/system/user/list?deptId=100&pageSize=100`,
      headers: viewers['2']!.headers,
    });
    expect(body.rows.map((r) => r.userName).sort()).toEqual(['ry', 'sc_cs', 'sc_test']);
  });
});
