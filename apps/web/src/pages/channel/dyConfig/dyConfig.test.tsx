import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DouyinAccount, DouyinApp } from '../../../api/channel/dyConfig';
import { useDictStore } from '../../../stores/dict';
import { useUserStore } from '../../../stores/user';
import { installDomStubs } from '../../ai/agent/components/testStubs';
import { PAGE_TEST_TIMEOUT, renderWithClient } from '../../crm/customerLeave/components/testing';
import DyConfigPage from './index';

const api = vi.hoisted(() => ({
  listDouyinApp: vi.fn(),
  getDouyinApp: vi.fn(),
  addDouyinApp: vi.fn(),
  updateDouyinApp: vi.fn(),
  delDouyinApp: vi.fn(),
  listDouyinAccount: vi.fn(),
  updateDouyinAccount: vi.fn(),
  unbindDouyinAccount: vi.fn(),
  refreshDouyinAccount: vi.fn(),
  listDouyinSends: vi.fn(),
  douyinBindLink: vi.fn(),
  douyinSwitchLink: vi.fn(),
}));
vi.mock('../../../api/channel/dyConfig', () => api);
vi.mock('../../../api/ai/agent', () => ({ listAgent: async () => ({ code: 200, msg: '', rows: [{ agentId: 5, name: '售前助手' }], total: 1 }) }));
vi.mock('../../../api/crm/staff', () => ({ listStaff: async () => ({ code: 200, msg: '', data: [{ userId: 2, userName: 'li', nickName: '小李' }] }) }));
const feedback = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  confirmDialog: vi.fn(),
}));
vi.mock('../../../utils/feedback', () => feedback);

const APP: DouyinApp = {
  appId: 1,
  name: '星河旗舰店应用',
  clientKey: 'awk123456',
  hasSecret: true,
  apiBaseUrl: 'https://open.douyin.com',
  status: '0',
  webhookUrl: '/prod-api/channel/douyin/webhook/1',
  accountCount: 1,
  lastWebhookTime: null,
  remark: '',
  createTime: '2026-11-01 09:00:00',
};

function account(patch: Partial<DouyinAccount> = {}): DouyinAccount {
  return {
    accountId: 11,
    appId: 1,
    appName: '星河旗舰店应用',
    openId: 'open-abc',
    nickname: '星河企业号',
    avatar: '',
    scopes: 'user_info,im.direct_message',
    accessExpiresTime: '2099-01-10 10:00:00',
    refreshExpiresTime: '2099-02-01 10:00:00',
    renewals: 1,
    authStatus: 'expiring',
    authError: '刷新令牌已过期，请重新授权',
    lastRefreshTime: null,
    lastWebhookTime: '2026-11-20 12:00:00',
    agentId: 5,
    agentName: '售前助手',
    replyPolicy: 'ai_off_hours',
    staffUserId: null,
    staffName: '',
    status: '0',
    remark: '',
    createTime: '2026-11-02 09:00:00',
    ...patch,
  };
}

const writeText = vi.fn(async (_text: string) => undefined);

beforeAll(() => {
  installDomStubs();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});
beforeEach(() => {
  useUserStore.setState({ permissions: ['*:*:*'] });
  useDictStore.setState({ dicts: { sys_normal_disable: [{ label: '正常', value: '0' }, { label: '停用', value: '1' }] } });
  Object.values(api).forEach((f) => f.mockReset().mockResolvedValue({ code: 200, msg: '操作成功' }));
  api.listDouyinApp.mockResolvedValue({ code: 200, msg: '', rows: [APP], total: 1 });
  api.getDouyinApp.mockResolvedValue({ code: 200, msg: '', data: APP });
  api.listDouyinAccount.mockResolvedValue({ code: 200, msg: '', rows: [account()], total: 1 });
  feedback.confirmDialog.mockReset().mockResolvedValue(true);
  feedback.toast.success.mockReset();
  writeText.mockClear();
});
afterEach(cleanup);

const dialog = () => screen.getByRole('dialog');
const ok = () => fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
const appRow = async () => (await screen.findAllByText('星河旗舰店应用')).map((e) => e.closest('tr')).find((r) => r && within(r).queryByText('awk123456'))!;

describe('抖音配置', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('lists the app with its secret only as 已设置, and copies the absolute webhook address', async () => {
    renderWithClient(<DyConfigPage />);
    const row = await appRow();
    expect(within(row).getByText('已设置')).toBeTruthy();
    expect(within(row).getByText('尚未收到推送')).toBeTruthy();
    expect(within(row).getByText('已绑定 1 个账号')).toBeTruthy();
    const webhook = `${window.location.origin}/prod-api/channel/douyin/webhook/1`;
    expect(within(row).getByText(webhook)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '复制Webhook 地址' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(webhook));
    expect(feedback.toast.success).toHaveBeenCalledWith('已复制Webhook 地址');
    // Where to paste it, and the callback address of the authorisation.
    expect(screen.getByText(/控制台 → 设置 → 开发配置/)).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/dyLogin`)).toBeTruthy();
  });

  it('requires the secret of a new app, checks the address, and sends what was typed', async () => {
    renderWithClient(<DyConfigPage />);
    await appRow();
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    await waitFor(() => expect(within(dialog()).getByText('添加抖音应用')).toBeTruthy());
    expect((within(dialog()).getByLabelText('接口地址') as HTMLInputElement).value).toBe('https://open.douyin.com');
    fireEvent.change(within(dialog()).getByLabelText('接口地址'), { target: { value: 'open.douyin.com' } });
    ok();
    expect(await within(dialog()).findByText('应用名称不能为空')).toBeTruthy();
    expect(within(dialog()).getByText('Client Key 不能为空')).toBeTruthy();
    expect(within(dialog()).getByText('Client Secret 不能为空')).toBeTruthy();
    expect(within(dialog()).getByText('接口地址必须是以 http:// 或 https:// 开头的网址')).toBeTruthy();
    expect(api.addDouyinApp).not.toHaveBeenCalled();

    fireEvent.change(within(dialog()).getByLabelText('应用名称'), { target: { value: ' 新应用 ' } });
    fireEvent.change(within(dialog()).getByLabelText('Client Key'), { target: { value: 'awnew' } });
    fireEvent.change(within(dialog()).getByLabelText('Client Secret'), { target: { value: 's3cret' } });
    fireEvent.change(within(dialog()).getByLabelText('接口地址'), { target: { value: 'http://127.0.0.1:9000' } });
    ok();
    await waitFor(() => expect(api.addDouyinApp).toHaveBeenCalled());
    expect(api.addDouyinApp.mock.calls[0][0]).toEqual({
      appId: undefined,
      name: '新应用',
      clientKey: 'awnew',
      clientSecret: 's3cret',
      apiBaseUrl: 'http://127.0.0.1:9000',
      status: '0',
      remark: undefined,
    });
  });

  it('never shows the stored secret when editing, and keeps it when left empty', async () => {
    renderWithClient(<DyConfigPage />);
    const row = await appRow();
    fireEvent.click(within(row).getByRole('button', { name: /修改/ }));
    await waitFor(() => expect(within(dialog()).getByText('修改抖音应用')).toBeTruthy());
    const secret = within(dialog()).getByLabelText('Client Secret') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('已设置，留空则不修改');
    ok();
    await waitFor(() => expect(api.updateDouyinApp).toHaveBeenCalled());
    const body = api.updateDouyinApp.mock.calls[0][0] as Record<string, unknown>;
    expect(body).toMatchObject({ appId: 1, name: '星河旗舰店应用', clientKey: 'awk123456' });
    expect(body).not.toHaveProperty('clientSecret');
    expect(body).not.toHaveProperty('hasSecret');
    expect(body).not.toHaveProperty('webhookUrl');
  });

  it('shows a bound account: authorisation with its error, tokens, agent and reply policy', async () => {
    renderWithClient(<DyConfigPage />);
    const row = (await screen.findByText('星河企业号')).closest('tr')!;
    expect(within(row).getByText('即将过期')).toBeTruthy();
    expect(within(row).getByText('刷新令牌已过期，请重新授权')).toBeTruthy();
    expect(within(row).getByText('user_info、im.direct_message')).toBeTruthy();
    expect(within(row).getByText(/刷新令牌：02-01 10:00（还剩 \d+ 天）/)).toBeTruthy();
    expect(within(row).getByText('售前助手')).toBeTruthy();
    expect(within(row).getByText('非工作时间AI回复')).toBeTruthy();
  });

  it('creates a binding link for the only app, with copy, open and expiry', async () => {
    api.douyinBindLink.mockResolvedValue({ code: 200, msg: '', data: { url: '/dyLogin?link=abc.def', expiresTime: '2026-11-24 15:00:00' } });
    renderWithClient(<DyConfigPage />);
    await screen.findByText('星河企业号');
    fireEvent.click(within(screen.getByRole('region', { name: '已绑定账号' })).getByRole('button', { name: /绑定账号/ }));
    await waitFor(() => expect(within(dialog()).getByText('绑定抖音账号')).toBeTruthy());
    await waitFor(() => expect(within(dialog()).getByText('星河旗舰店应用')).toBeTruthy());
    fireEvent.click(within(dialog()).getByRole('button', { name: /生成链接/ }));
    await waitFor(() => expect(api.douyinBindLink).toHaveBeenCalledWith({ appId: 1, agentId: undefined }));
    const url = `${window.location.origin}/dyLogin?link=abc.def`;
    expect(await within(dialog()).findByText(url)).toBeTruthy();
    expect(within(dialog()).getByRole('link', { name: /打开授权页/ }).getAttribute('href')).toBe(url);
    expect(within(dialog()).getByText(/有效期至 2026-11-24 15:00:00（30 分钟内有效，仅可绑定一次）/)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: /复制链接/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
  });

  it('creates a switch link, and offers the page with this browser\'s session', async () => {
    api.douyinSwitchLink.mockResolvedValue({ code: 200, msg: '', data: { url: '/dySwitch?link=sw.1', expiresTime: '2026-11-25 14:00:00' } });
    renderWithClient(<DyConfigPage />);
    await screen.findByText('星河企业号');
    fireEvent.click(screen.getByRole('button', { name: /切换账号/ }));
    await waitFor(() => expect(within(dialog()).getByText('切换抖音账号')).toBeTruthy());
    expect((await within(dialog()).findByRole('link', { name: /在本浏览器直接打开/ })).getAttribute('href')).toBe('/dySwitch?appId=1');
    fireEvent.click(within(dialog()).getByRole('button', { name: /生成链接/ }));
    await waitFor(() => expect(api.douyinSwitchLink).toHaveBeenCalledWith({ appId: 1 }));
    const link = await within(dialog()).findByRole('link', { name: /打开切换页/ });
    expect(link.getAttribute('href')).toBe(`${window.location.origin}/dySwitch?link=sw.1`);
    expect(within(dialog()).getByText(/24 小时内有效/)).toBeTruthy();
  });

  it('refreshes a token, then unbinds the account after confirmation', async () => {
    renderWithClient(<DyConfigPage />);
    const row = (await screen.findByText('星河企业号')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /刷新令牌/ }));
    await waitFor(() => expect(api.refreshDouyinAccount).toHaveBeenCalledWith(11));
    await waitFor(() => expect(api.listDouyinAccount).toHaveBeenCalledTimes(2));
    fireEvent.click(within(row).getByRole('button', { name: /解\s*绑/ }));
    await waitFor(() => expect(api.unbindDouyinAccount).toHaveBeenCalledWith([11]));
    expect(feedback.confirmDialog.mock.calls[0][0]).toMatchObject({ content: expect.stringContaining('星河企业号') });
  });

  it('hides what the role may not do', async () => {
    useUserStore.setState({ permissions: ['channel:douyin:list', 'channel:douyin:query'] });
    renderWithClient(<DyConfigPage />);
    const row = (await screen.findByText('星河企业号')).closest('tr')!;
    expect(within(row).getByRole('button', { name: /发送记录/ })).toBeTruthy();
    for (const name of [/刷新令牌/, /解\s*绑/, /修改/]) expect(within(row).queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: /绑定账号/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /切换账号/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
  });
});
