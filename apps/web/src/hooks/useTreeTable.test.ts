import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useTreeTable } from './useTreeTable';

const toast = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn() }));
vi.mock('../utils/feedback', () => ({ toast }));

const rows = [
  { id: 1, parentId: 0, orderNum: 1, children: [] },
  { id: 2, parentId: 1, orderNum: 1, children: [] },
  { id: 3, parentId: 1, orderNum: 2, children: [] },
  { id: 4, parentId: 0, orderNum: 2, children: [] },
];

describe('useTreeTable', () => {
  it('builds the tree and toggles every branch open and closed', () => {
    const { result } = renderHook(() => useTreeTable(rows, 'id', false));
    expect(result.current.tree.map((n) => n.id)).toEqual([1, 4]);
    expect(result.current.tree[0].children?.map((n) => n.id)).toEqual([2, 3]);
    expect(result.current.expandedKeys).toEqual([]);
    act(() => result.current.toggleExpandAll());
    expect(result.current.expandedKeys).toEqual([1]);
    act(() => result.current.setExpandedKeys([]));
    expect(result.current.expandedKeys).toEqual([]);
    act(() => result.current.toggleExpandAll());
    expect(result.current.expandedKeys).toEqual([]);
  });

  it('保存排序 warns when no number changed and sends only the changed rows', async () => {
    const { result } = renderHook(() => useTreeTable(rows, 'id', true));
    const send = vi.fn().mockResolvedValue(undefined);
    act(() => result.current.setOrder(rows[0], 1));
    await act(async () => expect(await result.current.saveOrders(send)).toBe(false));
    expect(toast.warning).toHaveBeenCalledWith('未检测到排序修改');
    expect(send).not.toHaveBeenCalled();

    act(() => result.current.setOrder(rows[1], 5));
    act(() => result.current.setOrder(rows[3], 7));
    expect(result.current.orderOf(rows[1])).toBe(5);
    await act(async () => expect(await result.current.saveOrders(send)).toBe(true));
    expect(send).toHaveBeenCalledWith('2,4', '5,7');
    expect(toast.success).toHaveBeenCalledWith('排序保存成功');
    expect(result.current.orderOf(rows[1])).toBe(1);
  });
});
