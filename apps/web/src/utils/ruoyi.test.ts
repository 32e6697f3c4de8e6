import { describe, expect, it } from 'vitest';
import { addDateRange, handleTree, parseTime } from './ruoyi';

describe('parseTime', () => {
  it('formats server strings, dates, epoch ms and ten-digit seconds', () => {
    expect(parseTime('2026-11-22 08:05:09')).toBe('2026-11-22 08:05:09');
    expect(parseTime('2026-11-22 08:05:09', 'YYYY-MM-DD')).toBe('2026-11-22');
    expect(parseTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    const ms = new Date(2026, 0, 2, 3, 4, 5).getTime();
    expect(parseTime(ms)).toBe('2026-01-02 03:04:05');
    expect(parseTime(Math.floor(ms / 1000))).toBe('2026-01-02 03:04:05');
  });

  it('gives empty text for empty or invalid input', () => {
    expect(parseTime(null)).toBe('');
    expect(parseTime('')).toBe('');
    expect(parseTime('not a date')).toBe('');
  });
});

describe('addDateRange', () => {
  it('adds params[beginTime]/[endTime] only for a full range', () => {
    expect(addDateRange({ a: 1 }, ['2026-01-01', '2026-01-31'])).toEqual({ a: 1, params: { beginTime: '2026-01-01', endTime: '2026-01-31' } });
    expect(addDateRange({ a: 1 }, [])).toEqual({ a: 1, params: {} });
    expect(addDateRange({}, ['x', 'y'], 'Time2')).toEqual({ params: { beginTime2: 'x', endTime2: 'y' } });
  });
});

describe('handleTree', () => {
  it('nests children under parents and keeps orphans as roots', () => {
    const tree = handleTree(
      [
        { id: 1, parentId: 0, n: 'a' },
        { id: 2, parentId: 1, n: 'b' },
        { id: 3, parentId: 2, n: 'c' },
        { id: 4, parentId: 99, n: 'orphan' },
      ],
      'id',
    );
    expect(tree.map((t) => t.n)).toEqual(['a', 'orphan']);
    expect(tree[0].children?.[0].children?.[0].n).toBe('c');
  });
});

describe('handleTree with server rows carrying children arrays', () => {
  it('leaves the input untouched so building twice gives the same tree', () => {
    const shared: { id: number; parentId: number; children: unknown[] }[] = [
      { id: 1, parentId: 0, children: [] },
      { id: 2, parentId: 1, children: [] },
    ];
    const first = handleTree(shared, 'id');
    const second = handleTree(shared, 'id');
    expect(shared[0].children).toEqual([]);
    expect(second).toEqual(first);
    expect(second[0].children).toHaveLength(1);
  });
});
