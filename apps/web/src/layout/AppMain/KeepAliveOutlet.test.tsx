import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AFFIX_VIEWS, useTagsViewStore } from '../../stores/tagsView';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { useVisitedView } from './useVisitedView';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  const params = useParams();
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label}
      {params.id ?? ''}:{count}
    </button>
  );
}

function Shell() {
  useVisitedView();
  return <KeepAliveOutlet max={3} />;
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shell />,
        children: [
          { path: 'a', element: <Counter label="A" />, handle: { title: 'A' } },
          { path: 'b', element: <Counter label="B" />, handle: { title: 'B' } },
          { path: 'c', element: <Counter label="C" />, handle: { title: 'C' } },
          { path: 'd/:id', element: <Counter label="D" />, handle: { title: 'D' } },
          { path: 'live', element: <Counter label="L" />, handle: { title: 'L', noCache: true } },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  const go = (to: string) => act(() => router.navigate(to));
  const click = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));
  return { go, click };
}

describe('KeepAliveOutlet', () => {
  beforeEach(() => {
    useTagsViewStore.setState({ visitedViews: [...AFFIX_VIEWS], cachedViews: ['/index'], refreshStamps: {} });
  });
  afterEach(cleanup);

  it('keeps a page state when switching away and back', async () => {
    const { go, click } = setup();
    click(/^A:0$/);
    click(/^A:1$/);
    await go('/b');
    expect(screen.getByRole('button', { name: 'B:0' })).toBeTruthy();
    await go('/a');
    expect(screen.getByRole('button', { name: 'A:2' })).toBeTruthy();
  });

  it('hidden pages keep their own route params', async () => {
    const { go } = setup();
    await go('/d/7');
    await go('/a');
    expect(screen.getByText('D7:0', { selector: 'button' })).toBeTruthy();
  });

  it('does not keep noCache pages', async () => {
    const { go, click } = setup();
    await go('/live');
    click(/^L:0$/);
    await go('/a');
    expect(screen.queryByText(/^L:/)).toBeNull();
    await go('/live');
    expect(screen.getByRole('button', { name: 'L:0' })).toBeTruthy();
  });

  it('refresh remounts the page', async () => {
    const { click } = setup();
    click(/^A:0$/);
    expect(screen.getByRole('button', { name: 'A:1' })).toBeTruthy();
    act(() => useTagsViewStore.getState().refreshView(useTagsViewStore.getState().visitedViews[1]));
    expect(screen.getByRole('button', { name: 'A:0' })).toBeTruthy();
  });

  it('closing a tab evicts its page', async () => {
    const { go, click } = setup();
    click(/^A:0$/);
    await go('/b');
    act(() => useTagsViewStore.getState().delView(useTagsViewStore.getState().visitedViews[1]));
    expect(screen.queryByText(/^A:/)).toBeNull();
    await go('/a');
    expect(screen.getByRole('button', { name: 'A:0' })).toBeTruthy();
  });

  it('keeps at most `max` pages, dropping the least recently visited', async () => {
    const { go, click } = setup();
    click(/^A:0$/);
    await go('/b');
    click(/^B:0$/);
    await go('/c');
    await go('/b');
    await go('/d/1');
    expect(screen.queryByText(/^A:/)).toBeNull();
    expect(screen.getByText('B:1', { selector: 'button' })).toBeTruthy();
  });
});
