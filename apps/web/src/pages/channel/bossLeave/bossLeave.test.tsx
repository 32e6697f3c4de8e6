import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BossLeadRow } from '../../../api/channel/bossLeave';
import { useUserStore } from '../../../stores/user';
import { installDomStubs } from '../../ai/agent/components/testStubs';
import { PAGE_TEST_TIMEOUT, renderWithClient } from '../../crm/customerLeave/components/testing';
import BossLeavePage from './index';

const listBossLead = vi.hoisted(() => vi.fn());
const download = vi.hoisted(() => vi.fn());
const lead = vi.hoisted(() => ({ leadChat: vi.fn(), claimLeads: vi.fn() }));
vi.mock('../../../api/channel/bossLeave', async (actual) => ({
  ...(await actual<typeof import('../../../api/channel/bossLeave')>()),
  listBossLead: (...a: unknown[]) => listBossLead(...a),
}));
vi.mock('../../../api/channel/bossZP', () => ({
  listBossAccount: async () => ({ code: 200, msg: '', rows: [{ accountId: 7, recruiterName: '张经理', company: '星河科技' }], total: 1 }),
  listBossJob: async () => ({ code: 200, msg: '', rows: [{ jobId: 3, title: '前端工程师', city: '杭州' }], total: 1 }),
}));
vi.mock('../../../api/crm/lead', () => lead);
vi.mock('../../../api/crm/staff', () => ({ listStaff: async () => ({ code: 200, msg: '', data: [] }) }));
vi.mock('../../../utils/download', () => ({ download: (...a: unknown[]) => download(...a) }));
vi.mock('../../../utils/feedback', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }, confirmDialog: vi.fn() }));

const row = (patch: Partial<BossLeadRow> = {}): BossLeadRow => ({
  leadId: 21,
  customerId: 100,
  conversationId: 30,
  accountId: 7,
  recruiterName: '张经理',
  jobId: 3,
  jobTitle: '前端工程师',
  bossUid: 'boss_u_8842',
  name: '李同学',
  phone: '',
  phoneMasked: '138****8000',
  wechat: 'li_tongxue',
  experience: '3-5年',
  education: '本科',
  expectedSalary: '15-20K',
  city: '杭州',
  resumeReceived: true,
  exchangeStatus: 'wechat',
  status: 'assigned',
  ownerId: 2,
  ownerName: '小李',
  capturedTime: '2026-11-24 10:05:00',
  ...patch,
});

beforeAll(installDomStubs);
beforeEach(() => {
  useUserStore.setState({ permissions: ['*:*:*'] });
  listBossLead.mockReset().mockResolvedValue({ code: 200, msg: '', rows: [row(), row({ leadId: 22, name: '赵先生', ownerId: null, ownerName: null, status: 'new', exchangeStatus: 'none', resumeReceived: false, conversationId: null })], total: 2 });
  download.mockReset().mockResolvedValue(undefined);
  lead.leadChat.mockReset().mockResolvedValue({ code: 200, msg: '', data: { leadId: 21, conversationId: 30, messages: [] } });
  lead.claimLeads.mockReset().mockResolvedValue({ code: 200, msg: '操作成功' });
});
afterEach(cleanup);

const lastQuery = () => listBossLead.mock.calls.at(-1)![0] as Record<string, unknown>;

describe('BOSS留资', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('lists each candidate with the profile from the chat and the lead status, the phone masked', async () => {
    renderWithClient(<BossLeavePage />);
    const first = (await screen.findByText('李同学')).closest('tr')!;
    for (const text of ['3-5年 · 本科', '前端工程师', 'boss_u_8842', '15-20K', '138****8000', 'li_tongxue', '简历已收到', '已换微信', '已分配', '小李']) {
      expect(within(first).getByText(text)).toBeTruthy();
    }
    const pool = screen.getByText('赵先生').closest('tr')!;
    expect(within(pool).getByText('未交换')).toBeTruthy();
    expect(within(pool).getByText('公海')).toBeTruthy();
    // A pool lead is claimed rather than followed up; a lead without a conversation has no chat record.
    expect(within(pool).getByRole('button', { name: '领取' })).toBeTruthy();
    expect((within(pool).getByRole('button', { name: '聊天记录' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(first).getByRole('button', { name: '跟进' })).toBeTruthy();
  });

  it('exports the applied filters to the BOSS留资 export', async () => {
    renderWithClient(<BossLeavePage />);
    await screen.findByText('李同学');
    fireEvent.change(screen.getByPlaceholderText('请输入姓名'), { target: { value: '李' } });
    fireEvent.click(within(screen.getByRole('form', { name: '搜索条件' })).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ name: '李', pageNum: 1 }));

    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(download).toHaveBeenCalledTimes(1);
    const [url, params, filename] = download.mock.calls[0] as [string, Record<string, unknown>, string];
    expect(url).toBe('/channel/bossLeave/export');
    expect(params).toMatchObject({ name: '李' });
    expect(params).not.toHaveProperty('pageNum');
    expect(filename).toMatch(/^boss_lead_\d+\.xlsx$/);
  });

  it('hides 导出 without channel:boss:export and the account filter without channel:boss:list', async () => {
    useUserStore.setState({ permissions: ['channel:boss:lead', 'crm:lead:query'] });
    renderWithClient(<BossLeavePage />);
    await screen.findByText('李同学');
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(screen.queryByText('招聘账号')).toBeNull();
    expect(screen.queryByRole('button', { name: '分配' })).toBeNull();
  });

  it('sorts by a clicked header and opens the chat record through the crm lead endpoint', async () => {
    renderWithClient(<BossLeavePage />);
    const first = (await screen.findByText('李同学')).closest('tr')!;
    fireEvent.click(within(document.querySelector('thead')!).getByText('留资时间'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ orderByColumn: 'capturedTime', isAsc: 'descending', pageNum: 1 }));

    fireEvent.click(within(first).getByRole('button', { name: '聊天记录' }));
    await waitFor(() => expect(lead.leadChat).toHaveBeenCalledWith(21));
    expect(await screen.findByText('聊天记录 · 李同学')).toBeTruthy();
  });

  it('claims a pool lead through the crm lead endpoint and reloads', async () => {
    renderWithClient(<BossLeavePage />);
    const pool = (await screen.findByText('赵先生')).closest('tr')!;
    const calls = listBossLead.mock.calls.length;
    fireEvent.click(within(pool).getByRole('button', { name: '领取' }));
    await waitFor(() => expect(lead.claimLeads).toHaveBeenCalledWith([22]));
    await waitFor(() => expect(listBossLead.mock.calls.length).toBeGreaterThan(calls));
  });
});
