import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LeadRow } from '../../../api/crm/lead';
import { useUserStore } from '../../../stores/user';
import { installDomStubs } from '../../ai/agent/components/testStubs';
import { PAGE_TEST_TIMEOUT, renderWithClient } from './components/testing';
import CustomerLeavePage from './index';

const listLead = vi.fn();
const claimLeads = vi.fn();
vi.mock('../../../api/crm/lead', () => ({
  listLead: (...args: unknown[]) => listLead(...args),
  claimLeads: (...args: unknown[]) => claimLeads(...args),
}));
vi.mock('../../../api/crm/staff', () => ({ listStaff: async () => ({ code: 200, msg: '', data: [] }) }));

beforeAll(installDomStubs);
beforeEach(() => {
  useUserStore.setState({ permissions: ['*:*:*'] });
  listLead.mockReset().mockImplementation(async () => ({ code: 200, msg: '查询成功', rows: [lead()], total: 1 }));
  claimLeads.mockReset();
});
afterEach(cleanup);

function lead(patch: Partial<LeadRow> = {}): LeadRow {
  return {
    leadId: 7,
    customerId: 100,
    customerName: '王女士',
    name: '王女士',
    phone: '13800138000',
    phoneMasked: '',
    wechat: 'wang_88',
    fields: [],
    conversationId: 30,
    channel: 'web',
    agentId: 1,
    agentName: '售前助手',
    source: 'chat',
    status: 'assigned',
    ownerId: 2,
    ownerName: '小李',
    ruleId: 1,
    duplicateOf: null,
    assignedTime: '2025-01-02 09:00:00',
    firstContactDeadline: '2025-01-02 09:30:00',
    overdue: true,
    lastFollowupTime: null,
    nextContactTime: null,
    capturedTime: '2025-01-02 08:59:00',
    ...patch,
  };
}

const lastQuery = () => listLead.mock.calls.at(-1)![0] as Record<string, unknown>;
const tab = (name: string) => fireEvent.click(within(document.querySelector<HTMLElement>('.lead-tabs')!).getByText(name));

describe('客户留资', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('sends each view its own filter and drops the others', async () => {
    renderWithClient(<CustomerLeavePage />);
    await waitFor(() => expect(listLead).toHaveBeenCalled());
    expect(lastQuery()).toMatchObject({ pageNum: 1 });
    expect(lastQuery()).not.toHaveProperty('mine');
    expect(lastQuery()).not.toHaveProperty('pool');

    tab('我的线索');
    await waitFor(() => expect(lastQuery()).toMatchObject({ mine: true }));
    tab('公海');
    await waitFor(() => expect(lastQuery()).toMatchObject({ pool: true }));
    expect(lastQuery()).not.toHaveProperty('mine');
    tab('已逾期');
    await waitFor(() => expect(lastQuery()).toMatchObject({ overdue: true }));
    expect(lastQuery()).not.toHaveProperty('pool');
    tab('全部线索');
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('overdue'));
  });

  it('opens the view the address names (the top bar links to ?tab=mine)', async () => {
    renderWithClient(<CustomerLeavePage />, '/crm/customerLeave?tab=mine');
    await waitFor(() => expect(lastQuery()).toMatchObject({ mine: true }));
    expect(document.querySelector('.lead-tabs .ant-segmented-item-selected')?.textContent).toBe('我的线索');
  });

  it('marks an overdue deadline and sorts by a clicked header', async () => {
    renderWithClient(<CustomerLeavePage />);
    const row = (await screen.findByText('售前助手')).closest('tr')!;
    expect(within(row).getByText('已逾期')).toBeTruthy();
    expect(within(row).getByText('已分配')).toBeTruthy();

    fireEvent.click(within(document.querySelector('thead')!).getByText('留资时间'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ orderByColumn: 'capturedTime', isAsc: 'descending', pageNum: 1 }));
  });

  it('offers 领取 in the pool and reloads only when the claim went through', async () => {
    listLead.mockImplementation(async (q: { pool?: boolean }) => ({
      code: 200,
      msg: '',
      rows: [q.pool ? lead({ status: 'new', ownerId: null, ownerName: null, overdue: false, firstContactDeadline: null }) : lead()],
      total: 1,
    }));
    renderWithClient(<CustomerLeavePage />);
    await screen.findByText('售前助手');
    expect(screen.queryByRole('button', { name: '领取' })).toBeNull();

    tab('公海');
    await waitFor(() => expect(lastQuery()).toMatchObject({ pool: true }));
    const claim = await screen.findByRole('button', { name: '领取' });
    expect(screen.queryByRole('button', { name: '跟进' })).toBeNull();

    // The server refuses past the daily cap; the request layer shows its message and nothing reloads.
    claimLeads.mockRejectedValueOnce(new Error('今日领取已达上限（20条）'));
    const calls = listLead.mock.calls.length;
    fireEvent.click(claim);
    await waitFor(() => expect(claimLeads).toHaveBeenCalledWith([7]));
    await new Promise((r) => setTimeout(r, 20));
    expect(listLead.mock.calls.length).toBe(calls);

    claimLeads.mockResolvedValueOnce({ code: 200, msg: '操作成功' });
    fireEvent.click(claim);
    await waitFor(() => expect(listLead.mock.calls.length).toBeGreaterThan(calls));
    // The toast loads antd's message on first use: waiting for it keeps that import inside the test.
    expect(await screen.findByText('已领取 1 条线索', {}, { timeout: 5000 })).toBeTruthy();
  });
});
