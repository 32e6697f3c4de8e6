import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CsDataCharts, CsDataMetrics, CsDataRow } from '../../../api/ai/csData';
import { useUserStore } from '../../../stores/user';
import { installDomStubs } from '../agent/components/testStubs';
import { PAGE_TEST_TIMEOUT, renderWithClient } from '../../crm/customerLeave/components/testing';
import CsDataPage from './index';

const listCsData = vi.fn();
const csDataCharts = vi.fn();
vi.mock('../../../api/ai/csData', () => ({
  listCsData: (...args: unknown[]) => listCsData(...args),
  csDataCharts: (...args: unknown[]) => csDataCharts(...args),
  csDataAgents: async () => ({ code: 200, msg: '', data: [{ agentId: 1, name: '售前助手' }] }),
}));
// ECharts needs a canvas; the page's part is to hand the charts their data.
vi.mock('./components/Charts', () => ({
  default: ({ data }: { data?: CsDataCharts }) => <div data-testid="charts">{data?.funnel.map((s) => `${s.stage}:${s.value}`).join(' ')}</div>,
}));

const ZERO: CsDataMetrics = {
  conversations: 0,
  customerMessages: 0,
  aiReplies: 0,
  leads: 0,
  contacted: 0,
  converted: 0,
  handoffs: 0,
  aiResolved: 0,
  knowledgeHits: 0,
  tokens: 0,
  captureRate: null,
  aiResolvedRate: null,
  knowledgeHitRate: null,
  firstResponseMedian: null,
};

const row = (patch: Partial<CsDataRow>): CsDataRow => ({ ...ZERO, day: '2026-03-02', agentId: 1, agentName: '售前助手', channel: 'web', ...patch });

const ROWS = [
  row({ conversations: 12, customerMessages: 40, aiReplies: 38, leads: 3, captureRate: 0.25, handoffs: 2, aiResolvedRate: 0.5, firstResponseMedian: 1.5, knowledgeHitRate: 0.3158, tokens: 12345 }),
  row({ day: '2026-03-01', agentId: 9, agentName: '', channel: 'douyin', aiReplies: 1, knowledgeHitRate: 0 }),
];
const TOTALS: CsDataMetrics = {
  ...ZERO,
  conversations: 1280,
  customerMessages: 41,
  aiReplies: 39,
  leads: 3,
  captureRate: 0.0023,
  handoffs: 2,
  aiResolvedRate: 0.4,
  firstResponseMedian: 4,
  knowledgeHitRate: 0.3077,
  tokens: 12345,
};

const lastQuery = () => listCsData.mock.calls.at(-1)![0] as Record<string, unknown>;
const cellTexts = (tr: HTMLElement) => within(tr).getAllByRole('cell').map((c) => c.textContent);

beforeAll(installDomStubs);
beforeEach(() => {
  useUserStore.setState({ permissions: ['*:*:*'] });
  listCsData.mockReset().mockImplementation(async () => ({ code: 200, msg: '查询成功', rows: ROWS, total: 2, totals: TOTALS }));
  csDataCharts.mockReset().mockImplementation(async () => ({
    code: 200,
    msg: '',
    data: { trend: [], channels: [], funnel: [{ stage: 'conversations', value: 1280 }, { stage: 'leads', value: 3 }] },
  }));
});
afterEach(cleanup);

describe('客服数据', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows each row with rates as percentages and the median in seconds, and the totals of the whole range under them', async () => {
    renderWithClient(<CsDataPage />);
    const first = (await screen.findByText('售前助手', { selector: 'td *, td' })).closest('tr')!;
    expect(cellTexts(first)).toEqual(['2026-03-02', '售前助手', '网页', '12', '40', '38', '3', '25.0%', '2', '50.0%', '1.5 秒', '31.6%', '12,345']);
    // A deleted agent shows its number; rates without a base and an unanswered median show a dash.
    const second = screen.getByText('#9').closest('tr')!;
    expect(cellTexts(second)).toEqual(['2026-03-01', '#9', '抖音', '0', '0', '1', '0', '—', '0', '—', '—', '0.0%', '0']);

    const totals = document.querySelector<HTMLElement>('.csdata-totals')!;
    expect(cellTexts(totals)).toEqual(['合计', '1,280', '41', '39', '3', '0.2%', '2', '40.0%', '4 秒', '30.8%', '12,345']);
    expect(await screen.findByTestId('charts')).toHaveProperty('textContent', 'conversations:1280 leads:3');
    // One request for the rows and their totals, though two parts of the page read it.
    expect(listCsData).toHaveBeenCalledTimes(1);
    expect(lastQuery()).toMatchObject({ pageNum: 1, params: {} });
  });

  it('shows the empty state without a totals row', async () => {
    listCsData.mockImplementation(async () => ({ code: 200, msg: '查询成功', rows: [], total: 0, totals: ZERO }));
    renderWithClient(<CsDataPage />);
    await waitFor(() => expect(listCsData).toHaveBeenCalled());
    await waitFor(() => expect(document.querySelector('.ant-table-placeholder .ant-empty')).not.toBeNull());
    expect(document.querySelector('.csdata-totals')).toBeNull();
  });

  it('sorts by a clicked metric on the server, without asking for the charts again', async () => {
    renderWithClient(<CsDataPage />);
    await screen.findByText('#9');
    await waitFor(() => expect(csDataCharts).toHaveBeenCalledTimes(1));
    fireEvent.click(within(document.querySelector('thead')!).getByText('留资率'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ orderByColumn: 'captureRate', isAsc: 'ascending', pageNum: 1 }));
    expect(csDataCharts).toHaveBeenCalledTimes(1);
    expect(csDataCharts.mock.calls[0][0]).not.toHaveProperty('orderByColumn');
  });

  it('leaves out the charts and 导出 for a user without their permissions', async () => {
    useUserStore.setState({ permissions: ['ai:csData:list'] });
    renderWithClient(<CsDataPage />);
    await screen.findByText('#9');
    expect(screen.queryByTestId('charts')).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(csDataCharts).not.toHaveBeenCalled();
  });
});
