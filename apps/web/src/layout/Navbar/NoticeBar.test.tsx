import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../../api/system/notice';
import NoticeBar from './NoticeBar';

const api = vi.hoisted(() => ({
  listTopNotice: vi.fn(),
  getNotice: vi.fn(),
  markNoticeRead: vi.fn(),
  markNoticeReadAll: vi.fn(),
}));
vi.mock('../../api/system/notice', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/system/notice')>()),
  ...api,
}));

const notice: Notice = { noticeId: 3, noticeTitle: '系统升级通知', noticeType: '1', status: '0', createTime: '2026-11-22 10:00:00', isRead: false };

function renderBar() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NoticeBar compact={false} />
    </QueryClientProvider>,
  );
}

describe('NoticeBar', () => {
  // The detail dialog is a lazy chunk; loading it here keeps a busy machine from timing the test out.
  beforeAll(async () => {
    await import('./NoticeDetail');
  }, 30_000);
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('is hidden when there is no notice', async () => {
    api.listTopNotice.mockResolvedValue({ code: 200, msg: '', unreadCount: 0, data: [] });
    const { container } = renderBar();
    await waitFor(() => expect(api.listTopNotice).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });

  it('opens the latest notice with its type and sanitised content, and marks it read', async () => {
    api.listTopNotice.mockResolvedValue({ code: 200, msg: '', unreadCount: 1, data: [notice, { ...notice, noticeId: 2, noticeTitle: '旧公告', noticeType: '2', isRead: true }] });
    api.getNotice.mockResolvedValue({ code: 200, msg: '', data: { ...notice, noticeContent: '<p>今晚<b>升级</b></p><script>alert(1)</script><img src=x onerror="alert(1)">' } });
    api.markNoticeRead.mockResolvedValue({ code: 200, msg: '' });
    renderBar();
    fireEvent.click(await screen.findByTitle('系统升级通知'));
    expect(await screen.findByText('公告详情')).toBeTruthy();
    expect(screen.getByText('通知')).toBeTruthy();
    expect(screen.getByText('2026-11-22 10:00:00')).toBeTruthy();
    const bold = await screen.findByText('升级');
    const content = bold.closest('.notice-detail-content') as HTMLElement;
    expect(content.innerHTML).not.toMatch(/script|onerror/);
    expect(api.markNoticeRead).toHaveBeenCalledWith(3);
  });
});
