import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import * as api from '../../api/login';
import LoginPage from './index';
import { decryptText, encryptText } from './rememberMe';
import { validateLogin, validateRegister } from './validation';

vi.mock('../../api/login', () => ({ captchaImage: vi.fn(), login: vi.fn() }));

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '*', Component: () => <div>target</div> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByPlaceholderText(label), { target: { value } });

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.captchaImage).mockResolvedValue({ code: 200, msg: '', captchaEnabled: true, uuid: 'u1', img: 'R0lG' });
  for (const c of ['username', 'password', 'rememberMe', 'Admin-Token']) Cookies.remove(c);
});

afterEach(cleanup);

describe('validation rules', () => {
  it('login: required account, password and (when enabled) captcha', () => {
    expect(validateLogin({ username: ' ', password: '', code: '' }, true)).toEqual({
      username: '请输入您的账号',
      password: '请输入您的密码',
      code: '请输入验证码',
    });
    expect(validateLogin({ username: 'a', password: 'b', code: '' }, false)).toEqual({});
  });

  it('register: lengths, illegal characters and matching confirmation', () => {
    const base = { username: 'ab', password: '12345', confirmPassword: '12345', code: '1' };
    expect(validateRegister(base, true)).toEqual({});
    expect(validateRegister({ ...base, username: 'a' }, true).username).toBe('用户账号长度必须介于 2 和 20 之间');
    expect(validateRegister({ ...base, password: '1234', confirmPassword: '1234' }, true).password).toBe('用户密码长度必须介于 5 和 20 之间');
    expect(validateRegister({ ...base, password: '12<345', confirmPassword: '12<345' }, true).password).toContain('非法字符');
    expect(validateRegister({ ...base, confirmPassword: '54321' }, true).confirmPassword).toBe('两次输入的密码不一致');
    expect(validateRegister({ ...base, confirmPassword: '' }, true).confirmPassword).toBe('请再次输入您的密码');
  });
});

describe('login page', () => {
  it('shows the field messages on submit and does not call the server', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入您的账号')).toBeTruthy();
    expect(screen.getByText('请输入您的密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('shows the captcha image and refreshes it on click', async () => {
    renderLogin();
    const img = await screen.findByAltText('验证码');
    expect(img.getAttribute('src')).toBe('data:image/gif;base64,R0lG');
    fireEvent.click(img);
    await waitFor(() => expect(api.captchaImage).toHaveBeenCalledTimes(2));
  });

  it('hides the captcha when it is disabled', async () => {
    vi.mocked(api.captchaImage).mockResolvedValue({ code: 200, msg: '', captchaEnabled: false });
    renderLogin();
    await waitFor(() => expect(screen.queryByPlaceholderText('验证码')).toBeNull());
  });

  it('logs in with the captcha uuid and goes to the redirect target', async () => {
    vi.mocked(api.login).mockResolvedValue({ code: 200, msg: '', token: 't' });
    const router = renderLogin('/login?redirect=%2Fsystem%2Fuser%3Fa%3D1');
    await screen.findByAltText('验证码');
    type('账号', ' admin ');
    type('密码', 'admin123');
    type('验证码', '7');
    fireEvent.submit(screen.getByRole('button', { name: '登录' }).closest('form')!);
    await screen.findByText('target');
    expect(api.login).toHaveBeenCalledWith({ username: 'admin', password: 'admin123', code: '7', uuid: 'u1' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/system/user?a=1');
  });

  it('ignores a redirect to another origin', async () => {
    vi.mocked(api.login).mockResolvedValue({ code: 200, msg: '', token: 't' });
    const router = renderLogin('/login?redirect=%2F%2Fevil.example');
    await screen.findByAltText('验证码');
    type('账号', 'admin');
    type('密码', 'admin123');
    type('验证码', '7');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('target');
    expect(router.state.location.pathname).toBe('/');
  });

  it('refreshes the captcha and clears the code after a failed login', async () => {
    vi.mocked(api.login).mockRejectedValue(new Error('验证码错误'));
    renderLogin();
    await screen.findByAltText('验证码');
    type('账号', 'admin');
    type('密码', 'bad');
    type('验证码', '1');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(api.captchaImage).toHaveBeenCalledTimes(2));
    expect((screen.getByPlaceholderText('验证码') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
  });

  it('remembers username and an encrypted password when 记住密码 is checked', async () => {
    vi.mocked(api.login).mockResolvedValue({ code: 200, msg: '', token: 't' });
    renderLogin();
    await screen.findByAltText('验证码');
    type('账号', 'admin');
    type('密码', 'admin123');
    type('验证码', '7');
    fireEvent.click(screen.getByLabelText('记住密码'));
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('target');
    expect(Cookies.get('username')).toBe('admin');
    expect(Cookies.get('rememberMe')).toBe('true');
    const sealed = Cookies.get('password')!;
    expect(sealed).not.toContain('admin123');
    await expect(decryptText(sealed)).resolves.toBe('admin123');
  });
});

describe('remember-me encryption', () => {
  it('round-trips and uses a fresh IV each time', async () => {
    const a = await encryptText('秘密 pass');
    const b = await encryptText('秘密 pass');
    expect(a).not.toBe(b);
    await expect(decryptText(a)).resolves.toBe('秘密 pass');
  });
});
