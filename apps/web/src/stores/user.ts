import { create } from 'zustand';
import { DEFAULT_ROLE } from '@acs/shared';
import * as loginApi from '../api/login';
import defaultAvatar from '../assets/default-avatar.svg';
import { getToken, removeToken, setToken } from '../utils/auth';
import { baseURL } from '../utils/request';
import { usePermissionStore } from './permission';

export const ROLES_SESSION_KEY = 'roles';
/** Password character rule of the server (sys.account.chrtype), read by password forms. */
export const PASSWORD_RULE_SESSION_KEY = 'pwrChrtype';

export interface LoginInput extends loginApi.LoginForm {
  rememberMe?: boolean;
}

interface UserState {
  token: string;
  id: number | undefined;
  /** userName */
  name: string;
  nickName: string;
  /** Absolute or base-prefixed URL; a default picture when the user has none. */
  avatar: string;
  roles: string[];
  permissions: string[];
  deptId: number | null | undefined;
  deptName: string;
  login(form: LoginInput): Promise<void>;
  getInfo(): Promise<loginApi.InfoResult>;
  logout(): Promise<void>;
  setAvatar(url: string): void;
  setNickName(name: string): void;
}

/** Server avatars are paths under the API prefix unless already absolute. */
export function avatarUrl(avatar: string | null | undefined): string {
  if (!avatar) return defaultAvatar;
  return /^(https?:)?\/\//.test(avatar) || avatar.startsWith('data:') ? avatar : baseURL + avatar;
}

const signedOut = {
  token: '',
  id: undefined,
  name: '',
  nickName: '',
  avatar: '',
  roles: [],
  permissions: [],
  deptId: undefined,
  deptName: '',
} satisfies Partial<UserState>;

export const useUserStore = create<UserState>()((set) => ({
  ...signedOut,
  token: getToken() ?? '',

  async login(form) {
    const res = await loginApi.login({ ...form, username: form.username.trim() });
    setToken(res.token);
    set({ token: res.token, deptId: res.deptId, deptName: res.deptName ?? '' });
  },

  async getInfo() {
    const res = await loginApi.getInfo();
    const roles = res.roles?.length ? res.roles : [DEFAULT_ROLE];
    sessionStorage.setItem(ROLES_SESSION_KEY, JSON.stringify(roles));
    if (res.pwdChrtype !== undefined) sessionStorage.setItem(PASSWORD_RULE_SESSION_KEY, res.pwdChrtype);
    set({
      id: res.user.userId,
      name: res.user.userName,
      nickName: res.user.nickName,
      avatar: avatarUrl(res.user.avatar),
      roles,
      permissions: res.permissions ?? [],
      deptId: res.user.deptId,
      deptName: res.user.dept?.deptName ?? '',
    });
    return res;
  },

  async logout() {
    // A failed call was already reported by the request layer; the session still ends locally.
    await loginApi.logout().catch(() => undefined);
    removeToken();
    sessionStorage.removeItem(ROLES_SESSION_KEY);
    set(signedOut);
    usePermissionStore.getState().reset();
  },

  setAvatar: (url) => set({ avatar: avatarUrl(url) }),
  setNickName: (nickName) => set({ nickName }),
}));
