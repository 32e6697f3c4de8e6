import { describe, expect, it } from 'vitest';
import { daysLabel, flattenPeriods, groupPeriods, workHoursSummary } from './workHours';

describe('member working hours', () => {
  const week = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '18:00' }));

  it('groups days sharing a range and flattens them back unchanged', () => {
    const periods = [...week, { day: 6, start: '10:00', end: '24:00' }];
    const groups = groupPeriods(periods);
    expect(groups).toEqual([
      { days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' },
      // The picker cannot show 24:00: midnight reads 00:00 in the editor.
      { days: [6], start: '10:00', end: '00:00' },
    ]);
    expect(flattenPeriods(groups)).toEqual(periods);
  });

  it('reads runs of days as a span', () => {
    expect(daysLabel([1, 2, 3, 4, 5])).toBe('周一至周五');
    expect(daysLabel([6, 1, 3])).toBe('周一、周三、周六');
    expect(daysLabel([1, 2, 5, 6, 7])).toBe('周一、周二、周五至周日');
  });

  it('sums a member up in one line, 全天 without periods', () => {
    expect(workHoursSummary([])).toBe('全天');
    expect(workHoursSummary(week)).toBe('周一至周五 09:00-18:00');
  });
});
