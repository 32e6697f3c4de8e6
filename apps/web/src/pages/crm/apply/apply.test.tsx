import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApplyRow } from '../../../api/crm/apply';
import { useUserStore } from '../../../stores/user';
import { installDomStubs } from '../../ai/agent/components/testStubs';
import { PAGE_TEST_TIMEOUT, renderWithClient } from '../customerLeave/components/testing';
import ApplyPage from './index';

const listApply = vi.fn();
const handleApply = vi.fn();
vi.mock('../../../api/crm/apply', () => ({
  listApply: (...args: unknown[]) => listApply(...args),
  handleApply: (...args: unknown[]) => handleApply(...args),
}));

function row(patch: Partial<ApplyRow> = {}): ApplyRow {
  return {
    applyId: 11,
    name: '王小明',
    phone: '139****5678',
    company: '星河科技',
    need: '抖音私信自动回复',
    consent: true,
    status: 'new',
    repeatCount: 2,
    customerId: 100,
    leadId: 7,
    leadStatus: 'assigned',
    leadOwnerName: '小李',
    handleNote: '',
    handledBy: '',
    handledTime: null,
    ip: '10.0.0.1',
    userAgent: 'Mobile Safari',
    createTime: '2026-03-02 10:00:00',
    lastApplyTime: '2026-03-02 12:00:00',
    ...patch,
  };
}

beforeAll(installDomStubs);
beforeEach(() => {
  useUserStore.setState({ permissions: ['*:*:*'] });
  listApply.mockReset().mockImplementation(async () => ({ code: 200, msg: '查询成功', rows: [row()], total: 1 }));
  handleApply.mockReset().mockResolvedValue({ code: 200, msg: '操作成功' });
});
afterEach(cleanup);

describe('申请记录', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('lists applications with status, repeats and the lead, and offers 首页配置 to those allowed', async () => {
    renderWithClient(<ApplyPage />);
    const tr = (await screen.findByText('星河科技')).closest('tr')!;
    expect(within(tr).getByText('王小明')).toBeTruthy();
    expect(within(tr).getByText('139****5678')).toBeTruthy();
    expect(within(tr).getByText('待处理')).toBeTruthy();
    expect(within(tr).getByText('+2')).toBeTruthy();
    expect(within(tr).getByText('已分配')).toBeTruthy();
    expect(within(tr).getByText('小李')).toBeTruthy();
    expect(screen.getByRole('button', { name: /首页配置/ })).toBeTruthy();

    cleanup();
    useUserStore.setState({ permissions: ['crm:apply:list'] });
    renderWithClient(<ApplyPage />);
    await screen.findByText('星河科技');
    expect(screen.queryByRole('button', { name: /首页配置/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '处理' })).toBeNull();
  });

  it('处理 sends the chosen status and the note, then reloads the list', async () => {
    renderWithClient(<ApplyPage />);
    const tr = (await screen.findByText('星河科技')).closest('tr')!;
    fireEvent.click(within(tr).getByRole('button', { name: '处理' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('无效'));
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: ' 空号 ' } });
    const calls = listApply.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(handleApply).toHaveBeenCalledWith({ applyId: 11, status: 'invalid', handleNote: '空号' }));
    await waitFor(() => expect(listApply.mock.calls.length).toBeGreaterThan(calls));
  });

  it('sends the filters and the clicked sort to the list', async () => {
    renderWithClient(<ApplyPage />);
    await screen.findByText('星河科技');
    fireEvent.change(screen.getByLabelText('公司名称'), { target: { value: '星河' } });
    fireEvent.submit(screen.getByRole('form', { name: '搜索条件' }));
    await waitFor(() => expect(listApply.mock.calls.at(-1)![0]).toMatchObject({ company: '星河', pageNum: 1 }));
    fireEvent.click(within(document.querySelector('thead')!).getByText('申请时间'));
    await waitFor(() => expect(listApply.mock.calls.at(-1)![0]).toMatchObject({ orderByColumn: 'lastApplyTime', isAsc: 'descending' }));
  });
});
