import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import PublicApp from './PublicApp';

afterEach(cleanup);

describe('public entry', () => {
  it('answers a path that is not a public page with 404', () => {
    render(<PublicApp pathname="/public.html" />);
    expect(screen.getByText('页面不存在')).toBeTruthy();
  });

  it('serves the Douyin pages: /dyLogin and /dySwitch, each asking for its link when opened without one', async () => {
    render(<PublicApp pathname="/dyLogin" />);
    expect(await screen.findByText(/缺少绑定链接/)).toBeTruthy();
    cleanup();
    render(<PublicApp pathname="/dySwitch" />);
    expect(await screen.findByText(/请使用管理员发送的切换链接/)).toBeTruthy();
    expect(screen.queryByText('页面不存在')).toBeNull();
  });
});
