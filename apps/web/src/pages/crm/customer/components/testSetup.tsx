import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Customer } from '../../../../api/crm/customer';
import { installDomStubs } from '../../../ai/agent/components/testStubs';

// Whole pages with antd render slowly in jsdom on a shared machine: room for that, in every test
// file that imports these helpers.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

/** What jsdom lacks and antd's tables, selects and drawers call. */
export const installCustomerDom = installDomStubs;

/** Renders inside a fresh query client (no retries, so a refused load fails at once). */
export function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

export const ok = <T,>(data: T) => ({ code: 200, msg: '操作成功', data });

export function customer(c: Partial<Customer> & { customerId: number }): Customer {
  return {
    name: '',
    phone: '',
    phoneMasked: '',
    wechat: '',
    source: 'web',
    stage: 'lead',
    tags: [],
    ownerId: null,
    ownerName: '',
    conversationCount: 0,
    leadCount: 0,
    lastSeenTime: '2026-01-05 10:00:00',
    firstSeenTime: '2026-01-01 09:00:00',
    createTime: '2026-01-01 09:00:00',
    remark: null,
    ...c,
  };
}
