import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DouyinSwitchAccount, DouyinSwitchData } from '../../api/channel/douyinPublic';
import PublicApp from '../../public/PublicApp';

type Answer = { code: number; msg: string; data?: unknown };
let answers: Record<string, Answer[]>;
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const path = url.replace('/prod-api', '').split('?')[0];
  const next = answers[path]?.shift() ?? { code: 500, msg: `unexpected ${path}` };
  return { status: 200, json: async () => next } as Response;
});
const SWITCH = '/channel/douyin/public/switch';
const requests = () => fetchMock.mock.calls.filter(([u]) => u.includes(SWITCH));
const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

function serverTime(ms: number): string {
  return new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const DAY = 24 * 3600_000;

function account(patch: Partial<DouyinSwitchAccount>): DouyinSwitchAccount {
  return {
    accountId: 1,
    nickname: '星河旗舰店',
    avatar: '',
    authStatus: 'authorized',
    accessExpiresTime: serverTime(10 * DAY),
    refreshExpiresTime: serverTime(20 * DAY),
    agentId: 5,
    agentName: '售前助手',
    staffUserId: null,
    staffName: '',
    replyPolicy: 'ai',
    status: '0',
    ...patch,
  };
}

const DATA: DouyinSwitchData = {
  appName: '星河抖音应用',
  appId: 3,
  accounts: [
    account({}),
    account({ accountId: 2, nickname: '星河售后号', authStatus: 'expiring', refreshExpiresTime: serverTime(2 * DAY + 3600_000), agentId: null, agentName: '' }),
    account({ accountId: 3, nickname: '旧账号', authStatus: 'revoked', status: '1' }),
  ],
  agents: [
    { agentId: 5, name: '售前助手' },
    { agentId: 6, name: '售后助手' },
  ],
  staff: [{ userId: 2, nickName: '小李' }],
  reauthUrl: '/dyLogin?link=reauth',
};

function open(search: string) {
  window.history.replaceState(null, '', `/dySwitch${search}`);
  render(<PublicApp />);
}

const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  answers = { [SWITCH]: [{ code: 200, msg: '', data: DATA }] };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'Admin-Token=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('/dySwitch', () => {
  it('lists the accounts with their authorisation, and explains the ones that need the owner to scan again', async () => {
    open('?link=sw1');
    expect(await screen.findByRole('heading', { name: '星河抖音应用' })).toBeTruthy();
    expect(requests()[0][0]).toContain('link=sw1');
    expect(headerOf(requests()[0][1], 'Authorization')).toBeNull();

    const ok = card('星河旗舰店');
    expect(within(ok).getByText('已授权')).toBeTruthy();
    expect(within(ok).getByText(/还剩 (19|20) 天/)).toBeTruthy();
    expect(within(ok).queryByRole('link', { name: '重新授权' })).toBeNull();
    expect((within(ok).getByLabelText('AI客服') as HTMLSelectElement).value).toBe('5');

    const expiring = card('星河售后号');
    expect(within(expiring).getByText('即将过期')).toBeTruthy();
    expect(within(expiring).getByText(/刷新令牌即将到期/)).toBeTruthy();
    expect(within(expiring).getByRole('link', { name: '重新授权' }).getAttribute('href')).toBe('/dyLogin?link=reauth');

    const revoked = card('旧账号');
    expect(within(revoked).getByText('已取消授权')).toBeTruthy();
    expect(within(revoked).getByText('已停用')).toBeTruthy();
  });

  it('saves who serves an account, with the link, and says so', async () => {
    answers['/channel/douyin/public/switch'].push({ code: 200, msg: '操作成功' });
    open('?link=sw1');
    const row = await screen.findByRole('article', { name: '星河售后号' });
    const save = within(row).getByRole('button', { name: '保存' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(row).getByLabelText('AI客服'), { target: { value: '6' } });
    fireEvent.change(within(row).getByLabelText('负责员工'), { target: { value: '2' } });
    fireEvent.change(within(row).getByLabelText('回复方式'), { target: { value: 'ai_off_hours' } });
    fireEvent.click(save);
    expect(await within(row).findByText('已保存')).toBeTruthy();
    const [, put] = requests()[1];
    expect(put?.method).toBe('PUT');
    expect(JSON.parse(put?.body as string)).toEqual({ link: 'sw1', accountId: 2, agentId: 6, staffUserId: 2, replyPolicy: 'ai_off_hours' });
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it("shows the server's refusal next to the account and keeps the choice", async () => {
    answers['/channel/douyin/public/switch'].push({ code: 500, msg: '链接已过期，请向管理员重新获取' });
    open('?link=sw1');
    const row = await screen.findByRole('article', { name: '星河旗舰店' });
    fireEvent.change(within(row).getByLabelText('AI客服'), { target: { value: '' } });
    fireEvent.click(within(row).getByRole('button', { name: '保存' }));
    expect((await within(row).findByRole('alert')).textContent).toBe('链接已过期，请向管理员重新获取');
    expect((within(row).getByLabelText('AI客服') as HTMLSelectElement).value).toBe('');
    expect(JSON.parse(requests()[1][1]?.body as string)).toMatchObject({ accountId: 1, agentId: null });
  });

  it("uses the console session when opened from 抖音配置 without a link", async () => {
    document.cookie = 'Admin-Token=jwt.token.value';
    answers['/channel/douyin/public/switch'].push({ code: 200, msg: '操作成功' });
    open('?appId=3');
    const row = await screen.findByRole('article', { name: '星河旗舰店' });
    expect(requests()[0][0]).toContain('appId=3');
    expect(headerOf(requests()[0][1], 'Authorization')).toBe('Bearer jwt.token.value');
    fireEvent.change(within(row).getByLabelText('回复方式'), { target: { value: 'human' } });
    fireEvent.click(within(row).getByRole('button', { name: '保存' }));
    await within(row).findByText('已保存');
    expect(headerOf(requests()[1][1], 'Authorization')).toBe('Bearer jwt.token.value');
    expect(JSON.parse(requests()[1][1]?.body as string)).toEqual({ appId: 3, accountId: 1, agentId: 5, staffUserId: null, replyPolicy: 'human' });
  });

  it('asks for a link when there is neither a link nor a console session, without calling the server', async () => {
    open('?appId=3');
    expect(await screen.findByText(/请使用管理员发送的切换链接/)).toBeTruthy();
    expect(requests()).toHaveLength(0);
  });

  it('says when the link was refused', async () => {
    answers[SWITCH] = [{ code: 500, msg: '链接无效' }];
    open('?link=forged');
    expect(await screen.findByRole('heading', { name: '无法打开' })).toBeTruthy();
    expect(screen.getByText('链接无效')).toBeTruthy();
  });
});
