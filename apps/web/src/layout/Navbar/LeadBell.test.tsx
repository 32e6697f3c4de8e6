import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LeadNotice } from '../../api/crm/notify';
import { installDomStubs } from '../../pages/ai/agent/components/testStubs';
import type { SseEvent } from '../../utils/sse';
import LeadBell from './LeadBell';

const api = vi.hoisted(() => ({ getLeadSummary: vi.fn() }));
vi.mock('../../api/crm/notify', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../api/crm/notify')>()), ...api }));

/** The open stream the bell reads: the test plays the server. */
const stream = vi.hoisted(() => ({
  url: '',
  headers: {} as Record<string, string> | undefined,
  open: undefined as (() => void) | undefined,
  emit: undefined as ((e: SseEvent) => void) | undefined,
}));
vi.mock('../../utils/sse', () => ({
  readSse: (url: string, opts: { headers?: Record<string, string>; signal: AbortSignal; onOpen?(): void; onEvent(e: SseEvent): void }) => {
    stream.url = url;
    stream.headers = opts.headers;
    stream.open = opts.onOpen;
    stream.emit = opts.onEvent;
    opts.onOpen?.();
    return new Promise<void>((resolve) => opts.signal.addEventListener('abort', () => resolve()));
  },
}));

const feedback = vi.hoisted(() => ({ notifyInfo: vi.fn() }));
vi.mock('../../utils/feedback', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../utils/feedback')>()), ...feedback }));

const lead = (leadId: number, name: string, phone: string): LeadNotice => ({
  leadId,
  name,
  phone,
  wechat: '',
  channel: 'web',
  source: 'chat',
  status: 'assigned',
  ownerId: 2,
  capturedTime: '2026-03-02 09:00:00',
  assignedTime: '2026-03-02 09:00:00',
  firstContactDeadline: null,
  reason: '规则“售前组”，轮流分配：测试员 今日 1',
});

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LeadBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const badge = () => document.querySelector('.unread-badge-count');

describe('LeadBell', () => {
  beforeAll(installDomStubs);
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('counts my new leads and adds one streamed to me, with a notification', async () => {
    api.getLeadSummary.mockResolvedValue({ code: 200, msg: '', data: { newCount: 2, overdueCount: 1, latest: [lead(1, '李四', '139****0001'), lead(2, '王五', '139****0002')] } });
    renderBell();
    await waitFor(() => expect(badge()?.textContent).toBe('2'));
    expect(stream.url).toMatch(/\/crm\/notify\/stream$/);
    expect(stream.headers?.Authorization).toMatch(/^Bearer /);

    act(() => stream.emit?.({ event: 'lead-assigned', data: JSON.stringify({ userId: 2, lead: lead(3, '张三', '138****5678') }) }));
    await waitFor(() => expect(badge()?.textContent).toBe('3'));
    expect(badge()?.getAttribute('aria-label')).toBe('3 条新线索');
    expect(feedback.notifyInfo).toHaveBeenCalledWith(expect.objectContaining({ title: '新线索：张三 138****5678' }));

    // The same lead announced again is not counted twice; the next one is.
    act(() => stream.emit?.({ event: 'lead-assigned', data: JSON.stringify({ userId: 2, lead: lead(3, '张三', '138****5678') }) }));
    act(() => stream.emit?.({ event: 'lead-assigned', data: JSON.stringify({ userId: 2, lead: lead(4, '赵六', '137****0004') }) }));
    await waitFor(() => expect(badge()?.textContent).toBe('4'));

    fireEvent.click(screen.getByRole('button', { name: '新线索' }));
    const items = await screen.findAllByRole('link', { name: /\*\*\*\*/ });
    expect(items.map((a) => a.textContent?.slice(0, 2))).toEqual(['赵六', '张三', '李四', '王五']);
    expect(items[0].getAttribute('href')).toBe('/crm/customerLeave?tab=mine');
    expect(screen.getByText('（1 条已超时）')).toBeTruthy();
  });

  it('shows no count while nothing is new, and ignores other events', async () => {
    api.getLeadSummary.mockResolvedValue({ code: 200, msg: '', data: { newCount: 0, overdueCount: 0, latest: [] } });
    renderBell();
    await waitFor(() => expect(api.getLeadSummary).toHaveBeenCalled());
    act(() => stream.emit?.({ event: 'ping', data: '{}' }));
    expect(badge()).toBeNull();
    expect(feedback.notifyInfo).not.toHaveBeenCalled();
  });
});
