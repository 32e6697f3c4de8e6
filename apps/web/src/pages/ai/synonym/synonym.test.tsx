import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Synonym } from '../../../api/ai/synonym';
import { useDictStore } from '../../../stores/dict';
import { useUserStore } from '../../../stores/user';
import { installDomStubs } from '../agent/components/testStubs';
import { PAGE_TEST_TIMEOUT, renderWithClient } from '../../crm/customerLeave/components/testing';
import SynonymPage from './index';

const api = vi.hoisted(() => ({
  listSynonym: vi.fn(),
  getSynonym: vi.fn(),
  addSynonym: vi.fn(),
  updateSynonym: vi.fn(),
  delSynonym: vi.fn(),
  changeSynonymStatus: vi.fn(),
  builtinSynonyms: vi.fn(),
}));
const feedback = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  confirmDialog: vi.fn(),
}));
vi.mock('../../../api/ai/synonym', () => api);
vi.mock('../../../api/ai/agent', () => ({ listAgent: async () => ({ code: 200, msg: '', rows: [{ agentId: 7, name: '售前助手' }], total: 1 }) }));
vi.mock('../../../utils/feedback', () => feedback);

const group = (patch: Partial<Synonym> = {}): Synonym => ({
  synonymId: 3,
  agentId: null,
  agentName: '全部客服',
  words: ['运费', '邮费', '快递费'],
  status: '0',
  createTime: '2026-03-02 09:30:00',
  ...patch,
});

beforeAll(installDomStubs);
beforeEach(() => {
  useUserStore.setState({ permissions: ['*:*:*'] });
  useDictStore.setState({ dicts: { sys_normal_disable: [{ label: '正常', value: '0' }, { label: '停用', value: '1' }] } });
  Object.values(api).forEach((f) => f.mockReset().mockResolvedValue({ code: 200, msg: '操作成功' }));
  api.listSynonym.mockResolvedValue({ code: 200, msg: '', rows: [group(), group({ synonymId: 4, agentId: 7, agentName: '售前助手', words: ['工期', '施工周期'] })], total: 2 });
  api.builtinSynonyms.mockResolvedValue({ code: 200, msg: '', data: [['价格', '多少钱', '价钱'], ['退款', '退钱']] });
  feedback.confirmDialog.mockReset().mockResolvedValue(true);
});
afterEach(cleanup);

const dialog = () => screen.getByRole('dialog');
const wordsInput = () => within(dialog()).getByLabelText('同义词');
const ok = () => fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));

async function openAdd() {
  renderWithClient(<SynonymPage />);
  await screen.findByText('工期');
  fireEvent.click(screen.getByRole('button', { name: /新增/ }));
  await waitFor(() => expect(within(dialog()).getByText('添加同义词')).toBeTruthy());
}

describe('同义词', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('explains the screen and lists each group with its standard word first, its agent and status', async () => {
    renderWithClient(<SynonymPage />);
    expect(screen.getByText(/系统会把同一组里的词当作同一个意思来匹配知识库/)).toBeTruthy();
    const row = (await screen.findByText('邮费')).closest('tr')!;
    expect(within(row).getByTestId('standard-word').textContent).toBe('运费');
    expect(within(row).getByText('全部客服')).toBeTruthy();
    expect(within(row).getByRole('switch', { name: '运费状态' }).getAttribute('aria-checked')).toBe('true');
    const own = screen.getByText('施工周期').closest('tr')!;
    expect(within(own).getByTestId('standard-word').textContent).toBe('工期');
    expect(within(own).getByText('售前助手')).toBeTruthy();
  });

  it('refuses fewer than two different words, then saves the typed words for every agent', async () => {
    await openAdd();
    fireEvent.change(wordsInput(), { target: { value: '包邮 ' } });
    ok();
    expect(await within(dialog()).findByText('同义词至少需要两个不同的词')).toBeTruthy();
    expect(api.addSynonym).not.toHaveBeenCalled();

    fireEvent.change(wordsInput(), { target: { value: '运费、' } });
    // The last word is still being typed when 确定 is pressed.
    fireEvent.change(wordsInput(), { target: { value: '免运费' } });
    fireEvent.blur(wordsInput());
    ok();
    await waitFor(() => expect(api.addSynonym).toHaveBeenCalled());
    expect(api.addSynonym.mock.calls[0][0]).toMatchObject({ words: ['包邮', '运费', '免运费'], agentId: null, status: '0' });
  });

  it('shows a word with punctuation as the server would refuse it, and saves a group for one agent', async () => {
    await openAdd();
    fireEvent.change(wordsInput(), { target: { value: '工期|完工时间!|' } });
    ok();
    expect(await within(dialog()).findByText("词语'完工时间!'只能包含汉字、字母或数字")).toBeTruthy();
    const bad = within(dialog()).getByText('完工时间!').closest('.ant-tag') as HTMLElement;
    expect(bad.className).toContain('ant-tag-error');
    fireEvent.click(within(bad).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(dialog()).queryByText('完工时间!')).toBeNull());
    fireEvent.change(wordsInput(), { target: { value: '完工时间,' } });
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: /适用客服/ }));
    // The list behind the dialog has the same agent name, so the option is looked up in the open dropdown.
    const option = () => document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title="售前助手"]');
    await waitFor(() => expect(option()).toBeTruthy());
    fireEvent.click(option()!);
    ok();
    await waitFor(() => expect(api.addSynonym).toHaveBeenCalled());
    expect(api.addSynonym.mock.calls[0][0]).toMatchObject({ words: ['工期', '完工时间'], agentId: 7 });
  });

  it('switches a group off after confirmation and deletes one after confirmation', async () => {
    renderWithClient(<SynonymPage />);
    const row = (await screen.findByText('邮费')).closest('tr')!;
    fireEvent.click(within(row).getByRole('switch', { name: '运费状态' }));
    await waitFor(() => expect(api.changeSynonymStatus).toHaveBeenCalledWith(3, '1'));
    expect(feedback.confirmDialog.mock.calls[0][0]).toMatchObject({ content: '确认要"停用""运费"同义词吗?' });

    fireEvent.click(within(row).getByRole('button', { name: /删除/ }));
    await waitFor(() => expect(api.delSynonym).toHaveBeenCalledWith([3]));
    expect(feedback.confirmDialog).toHaveBeenCalledTimes(2);
  });

  it('lists the built-in groups read-only and finds them by any of their words', async () => {
    renderWithClient(<SynonymPage />);
    fireEvent.click(await screen.findByRole('tab', { name: '内置词库' }));
    expect(await screen.findByText('多少钱')).toBeTruthy();
    expect(screen.getByText('退钱')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索内置词语'), { target: { value: '退' } });
    await waitFor(() => expect(screen.queryByText('多少钱')).toBeNull());
    expect(screen.getByText('退钱')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索内置词语'), { target: { value: '发票' } });
    expect(await screen.findByText('没有包含“发票”的内置同义词')).toBeTruthy();
  });
});
