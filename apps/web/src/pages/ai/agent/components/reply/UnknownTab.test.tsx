import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { UnknownQuestion } from '../../../../../api/ai/unknown';
import { installDomStubs } from '../testStubs';
import UnknownTab from './UnknownTab';

const listUnknown = vi.fn();
const attachUnknown = vi.fn();
const createKnowledgeFromUnknown = vi.fn();
const ignoreUnknown = vi.fn();
const restoreUnknown = vi.fn();
const listKnowledge = vi.fn();
vi.mock('../../../../../api/ai/unknown', () => ({
  listUnknown: (...args: unknown[]) => listUnknown(...args),
  attachUnknown: (...args: unknown[]) => attachUnknown(...args),
  createKnowledgeFromUnknown: (...args: unknown[]) => createKnowledgeFromUnknown(...args),
  ignoreUnknown: (...args: unknown[]) => ignoreUnknown(...args),
  restoreUnknown: (...args: unknown[]) => restoreUnknown(...args),
  delUnknown: vi.fn(),
}));
vi.mock('../../../../../api/ai/agent', () => ({ listKnowledge: (...args: unknown[]) => listKnowledge(...args) }));
vi.mock('../../../../../utils/feedback', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  confirmDialog: vi.fn(),
}));

const OK = { code: 200, msg: '操作成功' };
const knowledgeTabReads = vi.fn();
/** antd's table and dialogs render slowly in jsdom, the first time in a file most of all. */
const SLOW = 20_000;
const AGENT = 101;

const group = (g: Partial<UnknownQuestion>): UnknownQuestion => ({
  unknownId: 1,
  agentId: AGENT,
  question: '寄到新疆要加钱吗',
  samples: [],
  hits: 1,
  outcome: 'fallback',
  candidates: [],
  status: 'pending',
  knowledgeId: null,
  firstTime: '2026-04-01 10:00:00',
  lastTime: '2026-04-01 12:03:00',
  handledBy: '',
  handledTime: null,
  ...g,
});

const ROWS = [
  group({ unknownId: 1, samples: ['寄新疆要加钱吗', '新疆加钱吗'], hits: 3, outcome: 'clarify', candidates: [{ id: 7, name: '运费怎么算', score: 0.42 }] }),
  group({ unknownId: 2, question: '你们老板是谁', hits: 1 }),
];

beforeAll(installDomStubs);
beforeEach(() => {
  for (const fn of [listUnknown, attachUnknown, createKnowledgeFromUnknown, ignoreUnknown, restoreUnknown, listKnowledge, knowledgeTabReads]) fn.mockReset();
  listUnknown.mockResolvedValue({ ...OK, rows: ROWS, total: 2 });
  listKnowledge.mockResolvedValue({ ...OK, rows: [{ knowledgeId: 8, question: '发什么快递', similarQuestions: [], answer: '顺丰', status: '0' }], total: 1 });
  for (const fn of [attachUnknown, createKnowledgeFromUnknown, ignoreUnknown, restoreUnknown]) fn.mockResolvedValue(OK);
});
afterEach(cleanup);

/** Stands for the 知识问答 tab: it reads the entries under the same key prefix. */
function KnowledgeTabStandIn() {
  useQuery({ queryKey: [`ai/agent/${AGENT}/knowledge`, 'list'], queryFn: () => (knowledgeTabReads(), 1) });
  return null;
}

function renderTab(onChanged = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <UnknownTab agentId={AGENT} choices={[]} onChanged={onChanged} />
      <KnowledgeTabStandIn />
    </QueryClientProvider>,
  );
  return onChanged;
}

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const lastListQuery = () => (listUnknown.mock.calls.at(-1) as [number, Record<string, unknown>])[1];

describe('UnknownTab', () => {
  it('lists pending groups with count, outcome, other phrasings and the closest entries', async () => {
    renderTab();
    await screen.findByText('寄到新疆要加钱吗');
    expect(listUnknown).toHaveBeenCalledWith(AGENT, expect.objectContaining({ status: 'pending', pageNum: 1 }));
    const first = row('寄到新疆要加钱吗');
    expect(within(first).getByText('3')).toBeTruthy();
    expect(within(first).getByText('澄清')).toBeTruthy();
    expect(within(first).getByText('运费怎么算 0.42')).toBeTruthy();
    expect(within(first).getByText('2026-04-01 12:03:00')).toBeTruthy();
    fireEvent.mouseEnter(within(first).getByText('+2种问法'));
    expect(await screen.findByText('· 新疆加钱吗')).toBeTruthy();
    expect(within(row('你们老板是谁')).getByText('兜底')).toBeTruthy();
  }, SLOW);

  it('explains where the questions come from when there are none', async () => {
    listUnknown.mockResolvedValue({ ...OK, rows: [], total: 0 });
    renderTab();
    expect(await screen.findByText(/客户消息未能直接回答（澄清或兜底）时会收集到这里/)).toBeTruthy();
  }, SLOW);

  it('添加为相似问法 preselects the closest entry, sends it, and refreshes the list and the knowledge tab', async () => {
    const onChanged = renderTab();
    await screen.findByText('寄到新疆要加钱吗');
    await waitFor(() => expect(knowledgeTabReads).toHaveBeenCalledTimes(1));
    fireEvent.click(within(row('寄到新疆要加钱吗')).getByRole('button', { name: '添加为相似问法' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('添加为相似问法')).toBeTruthy();
    expect(within(dialog).getByTitle('运费怎么算')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /同时添加其他2种问法/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(attachUnknown).toHaveBeenCalledWith(AGENT, 1, 7, true));
    await waitFor(() => expect(listUnknown).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(knowledgeTabReads).toHaveBeenCalledTimes(2));
    expect(onChanged).toHaveBeenCalled();
  }, SLOW);

  it('新建知识 opens the knowledge form prefilled with the question and its other phrasings', async () => {
    renderTab();
    await screen.findByText('寄到新疆要加钱吗');
    fireEvent.click(within(row('寄到新疆要加钱吗')).getByRole('button', { name: '新建知识' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新建知识问答')).toBeTruthy();
    expect((within(dialog).getByLabelText('问题') as HTMLInputElement).value).toBe('寄到新疆要加钱吗');
    expect((within(dialog).getByLabelText('相似问法2') as HTMLInputElement).value).toBe('新疆加钱吗');
    fireEvent.change(within(dialog).getByLabelText('答案'), { target: { value: '偏远地区加收10元' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(createKnowledgeFromUnknown).toHaveBeenCalledWith(
        AGENT,
        1,
        expect.objectContaining({ question: '寄到新疆要加钱吗', similarQuestions: ['寄新疆要加钱吗', '新疆加钱吗'], answer: '偏远地区加收10元', status: '0' }),
      ),
    );
  }, SLOW);

  it('忽略 one row in one click, or the selected rows at once; the status filter and sort reach the server', async () => {
    renderTab();
    await screen.findByText('你们老板是谁');
    fireEvent.click(within(row('你们老板是谁')).getByRole('button', { name: /忽\s*略/ }));
    await waitFor(() => expect(ignoreUnknown).toHaveBeenCalledWith(AGENT, [2]));

    for (const text of ['寄到新疆要加钱吗', '你们老板是谁']) fireEvent.click(within(row(text)).getByRole('checkbox'));
    const toolbarIgnore = screen.getAllByRole('button', { name: /忽\s*略/ }).find((b) => !b.closest('tr'))!;
    await waitFor(() => expect((toolbarIgnore as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(toolbarIgnore);
    await waitFor(() => expect(ignoreUnknown).toHaveBeenLastCalledWith(AGENT, [1, 2]));

    fireEvent.click(screen.getByRole('columnheader', { name: /次数/ }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ orderByColumn: 'hits', isAsc: 'descending' }));
    fireEvent.click(screen.getByText('已忽略'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ status: 'ignored', pageNum: 1 }));
  }, SLOW);
});
