import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { getDicts } from '../api/system/dict/data';
import { useDict } from '../hooks/useDict';
import { useDictStore } from './dict';

vi.mock('../api/system/dict/data', () => ({ getDicts: vi.fn() }));

const entries = [
  { dictLabel: '正常', dictValue: '0', dictType: 'sys_normal_disable', listClass: 'primary', cssClass: '' },
  { dictLabel: '停用', dictValue: '1', dictType: 'sys_normal_disable', listClass: 'danger', cssClass: null },
];

beforeEach(() => {
  vi.clearAllMocks();
  useDictStore.getState().cleanDict();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('dict store', () => {
  it('maps entries and fetches each type once, also for concurrent callers', async () => {
    vi.mocked(getDicts).mockResolvedValue({ code: 200, msg: '', data: entries });
    const [a, b] = await Promise.all([
      useDictStore.getState().loadDict('sys_normal_disable'),
      useDictStore.getState().loadDict('sys_normal_disable'),
    ]);
    await useDictStore.getState().loadDict('sys_normal_disable');
    expect(getDicts).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(a).toEqual([
      { label: '正常', value: '0', elTagType: 'primary', elTagClass: '' },
      { label: '停用', value: '1', elTagType: 'danger', elTagClass: undefined },
    ]);
    expect(useDictStore.getState().getDict('sys_normal_disable')).toEqual(a);
  });

  it('a failed lookup yields an empty list, is not cached, and getDict answers null', async () => {
    vi.mocked(getDicts).mockRejectedValueOnce(new Error('boom'));
    await expect(useDictStore.getState().loadDict('sys_yes_no')).resolves.toEqual([]);
    expect(useDictStore.getState().getDict('sys_yes_no')).toBeNull();
    vi.mocked(getDicts).mockResolvedValueOnce({ code: 200, msg: '', data: entries });
    await expect(useDictStore.getState().loadDict('sys_yes_no')).resolves.toHaveLength(2);
  });

  it('removeDict forgets one type so it is fetched again', async () => {
    vi.mocked(getDicts).mockResolvedValue({ code: 200, msg: '', data: entries });
    await useDictStore.getState().loadDict('t');
    useDictStore.getState().removeDict('t');
    await useDictStore.getState().loadDict('t');
    expect(getDicts).toHaveBeenCalledTimes(2);
  });
});

describe('useDict', () => {
  it('returns empty lists first, then the loaded entries per type', async () => {
    vi.mocked(getDicts).mockImplementation(async (type) => ({ code: 200, msg: '', data: type === 'a' ? entries : [] }));
    const { result } = renderHook(() => useDict('a', 'b'));
    expect(result.current).toEqual({ a: [], b: [] });
    await waitFor(() => expect(result.current.a).toHaveLength(2));
    expect(result.current.b).toEqual([]);
  });
});
