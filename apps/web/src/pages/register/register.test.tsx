import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RegisterPage from '.';

const registerEnabled = vi.fn<() => Promise<{ code: number; msg: string; data?: boolean }>>();
const captchaImage = vi.fn(() => Promise.resolve({ code: 200, msg: '', captchaEnabled: false }));

vi.mock('../../api/login', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/login')>()),
  registerEnabled: () => registerEnabled(),
  captchaImage: () => captchaImage(),
}));

function renderRegister() {
  const router = createMemoryRouter(
    [
      { path: '/register', Component: RegisterPage },
      { path: '/login', element: <p>登录页</p> },
    ],
    { initialEntries: ['/register'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('register page', () => {
  it('asks the server first and, with registration off, says so with a way back to login instead of the form', async () => {
    registerEnabled.mockResolvedValue({ code: 200, msg: '操作成功', data: false });
    renderRegister();
    expect(await screen.findByText('当前系统没有开启注册功能')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByPlaceholderText('账号')).toBeNull();
    expect(captchaImage).not.toHaveBeenCalled();
  });

  it('shows the form when registration is on', async () => {
    registerEnabled.mockResolvedValue({ code: 200, msg: '操作成功', data: true });
    renderRegister();
    expect(await screen.findByPlaceholderText('账号')).toBeTruthy();
    expect(screen.queryByText('当前系统没有开启注册功能')).toBeNull();
  });
});
