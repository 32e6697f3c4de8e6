import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Button } from 'antd';
import { installMatchMedia, installResizeObserver } from '../testing';
import PagedTableDialog from '.';

beforeAll(() => {
  installMatchMedia();
  installResizeObserver();
});
afterEach(cleanup);

interface Row {
  id: number;
  text: string;
}

const fetch = vi.fn(async ({ pageNum }: { pageNum: number; pageSize: number; kind: string }) => ({
  code: 200,
  msg: '查询成功',
  rows: [{ id: pageNum, text: `第${pageNum}页的记录` }],
  total: 45,
}));

function Harness() {
  const [kind, setKind] = useState('a');
  return (
    <PagedTableDialog<Row>
      title="记录"
      onClose={() => undefined}
      queryKey={['test/log', kind]}
      fetch={(page) => fetch({ ...page, kind })}
      rowKey="id"
      columns={[{ title: '内容', dataIndex: 'text' }]}
      emptyText="暂无记录"
    >
      <Button onClick={() => setKind('b')}>换类型</Button>
    </PagedTableDialog>
  );
}

describe('PagedTableDialog', () => {
  it('pages through the log and goes back to page 1 when its filter changes', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Harness />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('第1页的记录')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('第2页的记录')).toBeTruthy();
    expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ pageNum: 2, kind: 'a' }));

    fireEvent.click(screen.getByRole('button', { name: '换类型' }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ pageNum: 1, kind: 'b' })));
    expect(await screen.findByText('第1页的记录')).toBeTruthy();
  });
});
