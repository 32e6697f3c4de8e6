import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PublicApp from '../../public/PublicApp';

type Answer = { code: number; msg: string; data?: unknown } | Error;
let answers: Record<string, Answer[]>;
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const path = url.replace('/prod-api', '').split('?')[0];
  const next = answers[path]?.shift() ?? { code: 500, msg: `unexpected ${path}` };
  if (next instanceof Error) throw next;
  return { status: 200, json: async () => next } as Response;
});
const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => u.replace('/prod-api', '').split('?')[0] === path);

/** A server time (GMT+8 wall clock) `ms` from now. */
function serverTime(ms: number): string {
  const t = new Date(Date.now() + ms + 8 * 3600_000);
  return t.toISOString().slice(0, 19).replace('T', ' ');
}

let stateSeq = 0;
/** Each test returns from the platform with its own state: a state is exchanged once per tab. */
const freshState = () => `signed-state-${++stateSeq}-${Date.now()}`;

function open(search: string) {
  window.history.replaceState(null, '', `/dyLogin${search}`);
  render(<PublicApp />);
}

const LOGIN = { appName: '星河抖音应用', authorizeUrl: 'https://open.douyin.com/platform/oauth/connect/?client_key=k&state=s', expiresTime: serverTime(25 * 60_000) };

beforeEach(() => {
  answers = {};
  fetchMock.mockClear();
  sessionStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/dyLogin', () => {
  it('opens the platform authorisation for the app of the link, with the time the link has left', async () => {
    answers['/channel/douyin/public/login'] = [{ code: 200, msg: '', data: LOGIN }];
    open('?link=tok%2B1');
    const button = await screen.findByRole('link', { name: '使用抖音扫码授权' });
    expect(button.getAttribute('href')).toBe(LOGIN.authorizeUrl);
    expect(screen.getByText('星河抖音应用')).toBeTruthy();
    expect(screen.getByText(/电脑上会显示授权二维码/)).toBeTruthy();
    expect(screen.getByText(/本链接还剩 2\d 分钟/)).toBeTruthy();
    expect(calls('/channel/douyin/public/login')[0][0]).toContain('link=tok%2B1');
  });

  it('says a link is expired, and does not offer the button', async () => {
    answers['/channel/douyin/public/login'] = [{ code: 500, msg: '链接已过期，请向管理员重新获取' }];
    open('?link=old');
    expect(await screen.findByRole('heading', { name: '链接已过期' })).toBeTruthy();
    expect(screen.getByText('链接已过期，请向管理员重新获取')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '使用抖音扫码授权' })).toBeNull();
  });

  it('refuses a link the server does not know, and a page opened without one', async () => {
    answers['/channel/douyin/public/login'] = [{ code: 500, msg: '链接无效' }];
    open('?link=forged');
    expect(await screen.findByRole('heading', { name: '链接无效' })).toBeTruthy();
    cleanup();
    open('');
    expect(await screen.findByText(/缺少绑定链接/)).toBeTruthy();
    expect(calls('/channel/douyin/public/login')).toHaveLength(1);
  });

  it('hands the code and state back to the server once and shows the bound account', async () => {
    const state = freshState();
    answers['/channel/douyin/public/bind'] = [{ code: 200, msg: '', data: { result: 'bound', nickname: '星河企业号', avatar: 'https://p3.douyinpic.com/a.jpg', message: '绑定成功' } }];
    open(`?code=c0de&state=${state}`);
    expect(screen.getByText('正在完成授权，请稍候…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '绑定成功' })).toBeTruthy();
    expect(screen.getByText('星河企业号')).toBeTruthy();
    const avatar = screen.getByRole('img', { name: '星河企业号的头像' });
    expect(avatar.getAttribute('referrerpolicy')).toBe('no-referrer');
    // A picture the CDN refuses gives way to the name's first character.
    fireEvent.error(avatar);
    expect(screen.queryByRole('img', { name: '星河企业号的头像' })).toBeNull();
    expect(screen.getByText('星')).toBeTruthy();
    expect(JSON.parse(calls('/channel/douyin/public/bind')[0][1]?.body as string)).toEqual({ state, code: 'c0de' });

    // Reloading the result page shows the same result without spending the state again.
    cleanup();
    open(`?code=c0de&state=${state}`);
    expect(await screen.findByRole('heading', { name: '绑定成功' })).toBeTruthy();
    expect(calls('/channel/douyin/public/bind')).toHaveLength(1);
  });

  it.each([
    ['already', '该账号已绑定', '授权信息已更新'],
    ['expired', '链接已过期', '授权已过期，请向管理员重新获取绑定链接'],
    ['failed', '绑定失败', '抖音开放平台暂时不可用'],
  ])('shows the %s result', async (result, title, text) => {
    answers['/channel/douyin/public/bind'] = [{ code: 200, msg: '', data: { result, nickname: '星河企业号', message: text } }];
    open(`?code=c0de&state=${freshState()}`);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(new RegExp(text))).toBeTruthy();
  });

  it('reports a refusal made on the platform', async () => {
    const state = freshState();
    answers['/channel/douyin/public/bind'] = [{ code: 200, msg: '', data: { result: 'refused', message: '您已取消授权' } }];
    open(`?error=access_denied&state=${state}`);
    expect(await screen.findByRole('heading', { name: '已拒绝授权' })).toBeTruthy();
    expect(screen.getByText('您已取消授权')).toBeTruthy();
    expect(JSON.parse(calls('/channel/douyin/public/bind')[0][1]?.body as string)).toEqual({ state, error: 'access_denied' });
  });

  it('offers a retry when the network failed during the exchange', async () => {
    answers['/channel/douyin/public/bind'] = [new TypeError('Failed to fetch'), { code: 200, msg: '', data: { result: 'bound', nickname: '星河企业号', message: '' } }];
    open(`?code=c0de&state=${freshState()}`);
    expect(await screen.findByText('网络连接失败，请检查网络后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: '绑定成功' })).toBeTruthy());
    expect(calls('/channel/douyin/public/bind')).toHaveLength(2);
  });
});
