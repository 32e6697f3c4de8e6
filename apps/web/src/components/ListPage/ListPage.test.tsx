import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useListPage } from '../../hooks/useListPage';
import { installMatchMedia } from '../testing';
import { FormDialog, SearchBar, useFormDialog } from '.';

const toastSuccess = vi.fn();
vi.mock('../../utils/feedback', () => ({
  toast: { success: (text: string) => toastSuccess(text), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  confirmDialog: vi.fn(),
}));

beforeAll(installMatchMedia);
beforeEach(() => toastSuccess.mockReset());
afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}

function withQueryClient(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('SearchBar', () => {
  const fetcher = vi.fn(async () => ({ code: 200, msg: '查询成功', rows: [] as Row[], total: 0 }));

  function Screen() {
    const list = useListPage<Row, { name?: string }>('test/list', fetcher, {});
    return (
      <SearchBar list={list} initialValues={{}}>
        <Form.Item label="名称" name="name">
          <Input />
        </Form.Item>
      </SearchBar>
    );
  }

  const lastQuery = () => (fetcher.mock.calls.at(-1) as unknown as [Record<string, unknown>])[0];

  it('applies the draft only on 搜索 (or Enter), and 重置 restores the initial filters', async () => {
    withQueryClient(<Screen />);
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    expect(lastQuery()).toMatchObject({ pageNum: 1, params: {} });
    expect(lastQuery().name).toBeUndefined();

    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '客服' } });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(fetcher).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ name: '客服', pageNum: 1 }));

    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lastQuery().name).toBeUndefined());
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('');
  });
});

describe('useFormDialog / FormDialog', () => {
  interface Item {
    itemId?: number;
    itemName: string;
    status?: string;
  }
  const api = {
    get: vi.fn(async (id: number) => ({ code: 200, msg: '操作成功', data: { itemId: id, itemName: '旧名称', status: '1' } })),
    add: vi.fn(async () => ({ code: 200, msg: '操作成功' })),
    update: vi.fn(async () => ({ code: 200, msg: '操作成功' })),
  };
  const onSaved = vi.fn();

  function Screen() {
    const dialog = useFormDialog<Item>({ entity: '条目', defaults: { status: '0' }, api, onSaved });
    return (
      <>
        <Button onClick={() => dialog.openAdd()}>open-add</Button>
        <Button onClick={() => dialog.openEdit(7)}>open-edit</Button>
        <FormDialog {...dialog.dialogProps}>
          <Form.Item label="名称" name="itemName" rules={[{ required: true, message: '名称不能为空' }]}>
            <Input />
          </Form.Item>
        </FormDialog>
      </>
    );
  }

  const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

  it('adds with the defaults, after the required fields are filled', async () => {
    render(<Screen />);
    fireEvent.click(screen.getByText('open-add'));
    await screen.findByText('添加条目');
    ok();
    expect(await screen.findByText('名称不能为空')).toBeTruthy();
    expect(api.add).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '新条目' } });
    ok();
    await waitFor(() => expect(api.add).toHaveBeenCalledWith({ itemName: '新条目', status: '0' }));
    expect(toastSuccess).toHaveBeenCalledWith('新增成功');
    expect(onSaved).toHaveBeenCalled();
  });

  it('edits the loaded record and keeps its id', async () => {
    render(<Screen />);
    fireEvent.click(screen.getByText('open-edit'));
    await screen.findByText('修改条目');
    expect(api.get).toHaveBeenCalledWith(7);
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('旧名称');
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '新名称' } });
    ok();
    await waitFor(() => expect(api.update).toHaveBeenCalledWith({ itemId: 7, itemName: '新名称', status: '1' }));
    expect(toastSuccess).toHaveBeenCalledWith('修改成功');
  });
});
