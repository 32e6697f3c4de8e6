import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkbenchNumbers } from '../../api/crm/workbench';
import { useUserStore } from '../../stores/user';
import { installDomStubs } from '../ai/agent/components/testStubs';
import Workbench from '.';

const api = vi.hoisted(() => ({ getWorkbench: vi.fn() }));
vi.mock('../../api/crm/workbench', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../api/crm/workbench')>()), ...api }));
vi.mock('../../api/login', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/login')>()),
  getInfo: () => Promise.resolve({ code: 200, msg: '', user: { userName: 'admin', roles: [] }, roles: [], permissions: [] }),
}));
vi.mock('../../api/system/notice', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/system/notice')>()),
  listTopNotice: () => Promise.resolve({ code: 200, msg: '', unreadCount: 0, data: [{ noticeId: 1, noticeTitle: '系统介绍', noticeType: '2', status: '0', isRead: true }] }),
}));

const trend = (conversations: boolean, leads: boolean) =>
  ['2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'].map((day, i) => ({
    day,
    conversations: conversations ? i : null,
    leads: leads ? i % 3 : null,
  }));

const leads: WorkbenchNumbers['leads'] = {
  today: 2,
  dueToday: 1,
  overdue: 3,
  latest: [
    {
      leadId: 9,
      name: '张三',
      phone: '138****5678',
      wechat: '',
      channel: 'web',
      source: 'chat',
      status: 'assigned',
      ownerId: 1,
      capturedTime: '2026-03-02 09:00:00',
      assignedTime: '2026-03-02 09:01:00',
      firstContactDeadline: null,
      reason: '',
    },
  ],
};

function renderPage(numbers: WorkbenchNumbers) {
  api.getWorkbench.mockResolvedValue({ code: 200, msg: '', data: numbers });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Workbench />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tile = (label: string) => screen.queryByText(label, { selector: '.stat-label' })?.closest('.stat-tile') ?? null;

describe('工作台 numbers', () => {
  beforeAll(installDomStubs);
  beforeEach(() => useUserStore.setState({ name: 'admin', nickName: '管理员', deptName: '', permissions: ['*:*:*'] }));
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows every tile with its number and screen, the trend and my latest leads, beside the greeting and notices', async () => {
    renderPage({ conversations: { today: 3, waiting: 2 }, leads, captureRate: 0.6667, trend: trend(true, true) });
    expect(await screen.findByText('今日会话')).toBeTruthy();
    expect(tile('今日会话')?.getAttribute('href')).toBe('/ai/conversation');
    expect(tile('今日会话')?.textContent).toContain('3');
    expect(tile('今日留资')?.getAttribute('href')).toBe('/crm/customerLeave');
    expect(tile('留资率')?.getAttribute('href')).toBe('/ai/csData');
    expect(tile('留资率')?.textContent).toContain('66.7%');
    expect(tile('待接入')?.textContent).toContain('2');
    expect(tile('今日待跟进')?.getAttribute('href')).toBe('/crm/customerLeave?tab=mine');
    expect(tile('首联超时')?.getAttribute('href')).toBe('/crm/customerLeave?tab=overdue');
    expect(tile('首联超时')?.querySelector('.is-alert')).toBeTruthy();

    const chart = screen.getByRole('img', { name: '近7日会话与留资' });
    expect(chart.querySelectorAll('rect')).toHaveLength(14);
    expect(within(chart).getByText('03-02')).toBeTruthy();
    expect(screen.getByRole('link', { name: /张三 138\*\*\*\*5678/ }).getAttribute('href')).toBe('/crm/customerLeave?tab=mine');

    expect(document.querySelector('.workbench-hello h2')?.textContent).toMatch(/好，管理员$/);
    expect(await screen.findByText('系统介绍')).toBeTruthy();
    expect(screen.getByText('快捷入口')).toBeTruthy();
  });

  it('leaves out the conversation tiles and series without 在线会话, and the 客服数据 link without its permission', async () => {
    useUserStore.setState({ permissions: ['crm:lead:list'] });
    renderPage({ conversations: null, leads, captureRate: null, trend: trend(false, true) });
    expect(await screen.findByText('今日留资')).toBeTruthy();
    for (const label of ['今日会话', '留资率', '待接入']) expect(tile(label)).toBeNull();
    const chart = screen.getByRole('img', { name: '近7日会话与留资' });
    expect(chart.querySelectorAll('rect')).toHaveLength(7);
    expect(screen.queryByText('会话', { selector: '.trend-legend span' })).toBeNull();
    expect(screen.getByText('近7日趋势').closest('a')).toBeNull();
  });

  it('shows the conversation tiles alone, without a capture rate, to 在线会话 only', async () => {
    useUserStore.setState({ permissions: ['ai:conversation:list'] });
    renderPage({ conversations: { today: 0, waiting: 0 }, leads: null, captureRate: null, trend: trend(true, false) });
    expect(await screen.findByText('今日会话')).toBeTruthy();
    for (const label of ['今日留资', '留资率', '今日待跟进', '首联超时']) expect(tile(label)).toBeNull();
    expect(screen.queryByText('分配给我的线索')).toBeNull();
  });

  it('shows no numbers to a user who may open neither screen', async () => {
    useUserStore.setState({ permissions: [] });
    renderPage({ conversations: null, leads: null, captureRate: null, trend: trend(false, false) });
    expect(await screen.findByText('快捷入口')).toBeTruthy();
    await vi.waitFor(() => expect(api.getWorkbench).toHaveBeenCalled());
    expect(document.querySelector('.workbench-stats')).toBeNull();
    expect(screen.queryByRole('img', { name: '近7日会话与留资' })).toBeNull();
  });
});
