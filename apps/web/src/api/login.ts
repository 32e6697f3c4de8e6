import { CAPTCHA_TIMEOUT_MS } from '@acs/shared';
import type { AjaxResult } from '../types/api';
import type { ServerRoute } from '../types/route';
import { http } from '../utils/request';

export interface LoginForm {
  username: string;
  password: string;
  code: string;
  uuid: string;
}

export interface RegisterForm extends LoginForm {
  confirmPassword?: string;
}

export interface CaptchaResult extends AjaxResult {
  captchaEnabled?: boolean;
  uuid?: string;
  /** Base64 image without the data: prefix. */
  img?: string;
}

export interface LoginResult extends AjaxResult {
  token: string;
  deptName?: string | null;
  deptId?: number | null;
}

export interface InfoUser {
  userId: number;
  userName: string;
  nickName: string;
  avatar?: string | null;
  deptId?: number | null;
  dept?: { deptName?: string | null } | null;
}

export interface InfoResult extends AjaxResult {
  user: InfoUser;
  roles: string[];
  permissions: string[];
  pwdChrtype?: string;
  isDefaultModifyPwd?: boolean;
  isPasswordExpired?: boolean;
}

export function captchaImage() {
  return http.get<CaptchaResult>('/captchaImage', undefined, { isToken: false, timeout: CAPTCHA_TIMEOUT_MS });
}

export function login({ username, password, code, uuid }: LoginForm) {
  return http.post<LoginResult>(
    '/login',
    { username, password, code, uuid },
    { isToken: false, repeatSubmit: false },
  );
}

export function register(form: RegisterForm) {
  const { username, password, code, uuid } = form;
  return http.post<AjaxResult>('/register', { username, password, code, uuid }, { isToken: false });
}

/** Whether self-registration is on (sys.account.registerUser); anonymous. */
export function registerEnabled() {
  return http.get<AjaxResult<boolean>>('/registerEnabled', undefined, { isToken: false });
}

export function getInfo() {
  return http.get<InfoResult>('/getInfo');
}

export function logout() {
  return http.post<AjaxResult>('/logout');
}

export function getRouters() {
  return http.get<AjaxResult<ServerRoute[]>>('/getRouters');
}
