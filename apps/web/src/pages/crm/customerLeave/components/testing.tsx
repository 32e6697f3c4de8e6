import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';

/**
 * Whole pages of antd render slowly in jsdom, more so on a loaded machine: waits get room, and
 * page tests pass PAGE_TEST_TIMEOUT to their describe.
 */
configure({ asyncUtilTimeout: 10_000 });
export const PAGE_TEST_TIMEOUT = 60_000;

/** Renders at `path` with a fresh query client that does not retry (a failed call fails the test at once). */
export function renderWithClient(ui: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
}

function openDropdown(): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
}

/** Opens an antd Select named by its aria-label and returns the texts of its options. */
export async function selectOptions(label: string): Promise<string[]> {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  let dropdown: HTMLElement | undefined;
  await waitFor(() => {
    dropdown = openDropdown();
    expect(dropdown).toBeTruthy();
  });
  return [...dropdown!.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent ?? '');
}

/** Opens the Select and picks the option with this text. */
export async function pick(label: string, option: string): Promise<void> {
  await selectOptions(label);
  const item = [...openDropdown()!.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === option);
  if (!item) throw new Error(`没有选项 ${option}`);
  fireEvent.click(item);
}
