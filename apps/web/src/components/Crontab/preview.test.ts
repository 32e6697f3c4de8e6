import { describe, expect, it } from 'vitest';
import { formatChinaTime, previewRuns } from './preview';

// 2026-11-24 12:00:00 China time.
const FROM = new Date(Date.UTC(2026, 10, 24, 4, 0, 0));

describe('previewRuns', () => {
  it('lists the next five fire times in China time', () => {
    expect(previewRuns('0/15 * * * * ?', FROM)).toEqual({
      times: ['2026-11-24 12:00:15', '2026-11-24 12:00:30', '2026-11-24 12:00:45', '2026-11-24 12:01:00', '2026-11-24 12:01:15'],
    });
  });

  it('says when the schedule ends before five runs', () => {
    expect(previewRuns('0 0 0 1 1 ? 2027-2028', FROM)).toEqual({
      times: ['2027-01-01 00:00:00', '2028-01-01 00:00:00'],
      note: '最近100年内只有上面2条结果！',
    });
    expect(previewRuns('0 0 0 1 1 ? 2020', FROM)).toEqual({ times: [], note: '没有达到条件的结果！' });
  });

  it('gives the validator reason for an invalid expression', () => {
    const preview = previewRuns('* * * * * *', FROM);
    expect(preview.times).toEqual([]);
    expect(preview.error).toMatch(/\S/);
  });
});

describe('formatChinaTime', () => {
  it('adds eight hours to UTC whatever the local zone', () => {
    expect(formatChinaTime(new Date(Date.UTC(2026, 0, 31, 16, 5, 9)))).toBe('2026-02-01 00:05:09');
  });
});
