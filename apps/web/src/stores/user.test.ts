import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../api/login';
import { usePermissionStore } from './permission';
import { useUserStore } from './user';

vi.mock('../api/login', () => ({
  login: vi.fn(),
  getInfo: vi.fn(),
  logout: vi.fn(),
}));

const info = (over: Partial<api.InfoResult['user']> = {}, roles: string[] = ['admin']): api.InfoResult => ({
  code: 200,
  msg: '操作成功',
  roles,
  permissions: ['*:*:*'],
  user: { userId: 1, userName: 'admin', nickName: '若依', avatar: '', deptId: 103, dept: { deptName: '研发部门' }, ...over },
});

beforeEach(() => {
  vi.clearAllMocks();
  Cookies.remove('Admin-Token');
  sessionStorage.clear();
  useUserStore.setState({ token: '', roles: [], permissions: [] });
});

describe('user store', () => {
  it('login trims the username, stores the token cookie and the department', async () => {
    vi.mocked(api.login).mockResolvedValue({ code: 200, msg: '', token: 'jwt-1', deptName: '研发部门', deptId: 103 });
    await useUserStore.getState().login({ username: '  admin ', password: 'p', code: '1', uuid: 'u' });
    expect(api.login).toHaveBeenCalledWith({ username: 'admin', password: 'p', code: '1', uuid: 'u' });
    expect(Cookies.get('Admin-Token')).toBe('jwt-1');
    expect(useUserStore.getState()).toMatchObject({ token: 'jwt-1', deptName: '研发部门', deptId: 103 });
  });

  it('a failed login leaves no token', async () => {
    vi.mocked(api.login).mockRejectedValue(new Error('验证码错误'));
    await expect(useUserStore.getState().login({ username: 'a', password: 'b', code: '', uuid: '' })).rejects.toThrow('验证码错误');
    expect(Cookies.get('Admin-Token')).toBeUndefined();
  });

  it('getInfo fills the user, keeps roles in sessionStorage and gives a default avatar', async () => {
    vi.mocked(api.getInfo).mockResolvedValue(info());
    await useUserStore.getState().getInfo();
    const s = useUserStore.getState();
    expect(s).toMatchObject({ id: 1, name: 'admin', nickName: '若依', roles: ['admin'], permissions: ['*:*:*'], deptName: '研发部门' });
    expect(s.avatar).toBeTruthy();
    expect(s.avatar).not.toContain('/prod-api');
    expect(JSON.parse(sessionStorage.getItem('roles')!)).toEqual(['admin']);
  });

  it('no roles → ROLE_DEFAULT; a server avatar path gets the API prefix, absolute URLs stay', async () => {
    vi.mocked(api.getInfo).mockResolvedValue(info({ avatar: '/profile/avatar/a.png' }, []));
    await useUserStore.getState().getInfo();
    expect(useUserStore.getState().roles).toEqual(['ROLE_DEFAULT']);
    expect(useUserStore.getState().avatar).toBe('/prod-api/profile/avatar/a.png');
    useUserStore.getState().setAvatar('https://cdn.example.com/a.png');
    expect(useUserStore.getState().avatar).toBe('https://cdn.example.com/a.png');
  });

  it('logout calls the server and clears token cookie, roles, permissions and menu routes', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    useUserStore.setState({ token: 'jwt-1', roles: ['admin'], permissions: ['*:*:*'] });
    usePermissionStore.getState().setRoutes([{ path: '/system', hidden: false }]);
    vi.mocked(api.logout).mockResolvedValue({ code: 200, msg: '' });
    await useUserStore.getState().logout();
    expect(api.logout).toHaveBeenCalled();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(useUserStore.getState()).toMatchObject({ token: '', roles: [], permissions: [] });
    expect(usePermissionStore.getState().routes).toEqual([]);
  });

  it('logout still signs out locally when the server call fails', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    vi.mocked(api.logout).mockRejectedValue(new Error('后端接口连接异常'));
    await useUserStore.getState().logout();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
  });
});
