import { describe, expect, it } from 'vitest';
import { CHINA_UTC_OFFSET_MS } from './constants';
import { isValidCron, nextRunTimes, parseCron, validateCron } from './cron';

/** A China-time wall clock 'YYYY-MM-DD HH:mm:ss' as an instant. */
const cst = (text: string) => new Date(Date.parse(`${text.replace(' ', 'T')}Z`) - CHINA_UTC_OFFSET_MS);
const fmt = (date: Date) => new Date(date.getTime() + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
const runs = (expr: string, from: string, count = 3) => nextRunTimes(expr, count, cst(from)).map(fmt);

describe('Quartz cron', () => {
  it('computes the seeded RuoYi demo schedules, strictly after the start', () => {
    expect(runs('0/10 * * * * ?', '2026-11-24 11:00:03')).toEqual([
      '2026-11-24 11:00:10',
      '2026-11-24 11:00:20',
      '2026-11-24 11:00:30',
    ]);
    expect(runs('0/15 * * * * ?', '2026-11-24 11:00:00', 2)).toEqual(['2026-11-24 11:00:15', '2026-11-24 11:00:30']);
    expect(runs('0/20 * * * * ?', '2026-11-24 23:59:50', 2)).toEqual(['2026-11-25 00:00:00', '2026-11-25 00:00:20']);
    expect(runs('*/1 * * * * ?', '2026-11-24 11:00:00.700', 2)).toEqual(['2026-11-24 11:00:01', '2026-11-24 11:00:02']);
  });

  it('uses Quartz weekday numbering and names', () => {
    expect(runs('0 0 10 ? * 1', '2026-11-24 11:00:00', 2)).toEqual(['2026-11-29 10:00:00', '2026-12-06 10:00:00']);
    expect(runs('0 0 10 ? * SUN', '2026-11-24 11:00:00', 1)).toEqual(['2026-11-29 10:00:00']);
    expect(runs('0 0 9 ? JAN-MAR MON-FRI', '2026-11-24 11:00:00', 2)).toEqual([
      '2027-01-01 09:00:00',
      '2027-01-04 09:00:00',
    ]);
    expect(runs('0 0 9 ? * FRI-MON', '2026-11-24 11:00:00', 4)).toEqual([
      '2026-11-27 09:00:00',
      '2026-11-28 09:00:00',
      '2026-11-29 09:00:00',
      '2026-11-30 09:00:00',
    ]);
  });

  it('supports L, L-n, W, LW in day-of-month', () => {
    expect(runs('0 0 0 L * ?', '2026-11-24 11:00:00', 2)).toEqual(['2026-11-30 00:00:00', '2026-12-31 00:00:00']);
    expect(runs('0 0 0 L-2 * ?', '2026-11-24 11:00:00', 1)).toEqual(['2026-11-28 00:00:00']);
    expect(runs('0 0 0 L 2 ?', '2026-11-24 11:00:00', 2)).toEqual(['2027-02-28 00:00:00', '2028-02-29 00:00:00']);
    // 2026-11-15 is a Sunday → Monday the 16th; 2026-08-01 is a Saturday → Monday the 3rd (never the previous month).
    expect(runs('0 0 8 15W * ?', '2026-11-01 00:00:00', 1)).toEqual(['2026-11-16 08:00:00']);
    expect(runs('0 0 8 1W * ?', '2026-07-15 00:00:00', 1)).toEqual(['2026-08-03 08:00:00']);
    // 2026-05-31 is a Sunday → the last weekday is Friday the 29th.
    expect(runs('0 0 18 LW * ?', '2026-05-01 00:00:00', 1)).toEqual(['2026-05-29 18:00:00']);
  });

  it('supports n#k and nL in day-of-week', () => {
    expect(runs('0 0 10 ? * 6#3', '2026-11-01 00:00:00', 1)).toEqual(['2026-11-20 10:00:00']);
    expect(runs('0 0 10 ? * MON#1', '2026-11-24 00:00:00', 1)).toEqual(['2026-12-07 10:00:00']);
    expect(runs('0 0 10 ? * 2L', '2026-11-01 00:00:00', 1)).toEqual(['2026-11-30 10:00:00']);
    expect(runs('0 0 10 ? * 6L', '2026-11-01 00:00:00', 1)).toEqual(['2026-11-27 10:00:00']);
    expect(runs('0 0 10 ? * L', '2026-11-24 00:00:00', 1)).toEqual(['2026-11-28 10:00:00']);
  });

  it('supports the optional year and ends when it is over', () => {
    expect(runs('0 0 0 1 1 ? 2028', '2026-11-24 11:00:00')).toEqual(['2028-01-01 00:00:00']);
    expect(runs('0 0 0 1 1 ? 2020', '2026-11-24 11:00:00')).toEqual([]);
    expect(runs('0 30 12 1 1 ? 2027-2029', '2026-11-24 11:00:00')).toEqual([
      '2027-01-01 12:30:00',
      '2028-01-01 12:30:00',
      '2029-01-01 12:30:00',
    ]);
    expect(runs('0 0 0 30 2 ?', '2026-11-24 11:00:00')).toEqual([]);
  });

  it('handles lists, steps and ranges that wrap', () => {
    expect(runs('0 0 22-2 * * ?', '2026-11-24 11:00:00', 5)).toEqual([
      '2026-11-24 22:00:00',
      '2026-11-24 23:00:00',
      '2026-11-25 00:00:00',
      '2026-11-25 01:00:00',
      '2026-11-25 02:00:00',
    ]);
    expect(runs('5,35 10-20/5 3 * * ?', '2026-11-24 11:00:00', 4)).toEqual([
      '2026-11-25 03:10:05',
      '2026-11-25 03:10:35',
      '2026-11-25 03:15:05',
      '2026-11-25 03:15:35',
    ]);
  });

  it('gives a Chinese reason for invalid expressions', () => {
    expect(validateCron('0/10 * * * * ?')).toBeNull();
    expect(isValidCron('0 15 10 ? * 6L 2026-2030')).toBe(true);
    for (const bad of [
      '',
      '* * * * *',
      '0 0 12 * * *',
      '0 0 12 ? * ?',
      '60 * * * * ?',
      '0 0 24 * * ?',
      '0 0 0 ? * 8',
      '0 0 0 ? * 2#6',
      '0 0 0 1,L * ?',
      '0 0 0 ? 13 *',
      '0 0 0 * * ? 1969',
      '0/0 * * * * ?',
      'abc def ghi jkl mno pqr',
      '0 0 0 ? * MON-XYZ',
      '0 0 0 1 1 ? 2026 1',
    ]) {
      const reason = validateCron(bad);
      expect(reason, bad).toMatch(/[\u4e00-\u9fa5]/);
      expect(() => parseCron(bad)).toThrow(reason as string);
    }
    expect(validateCron('0 0 12 * * *')).toBe('日和周字段必须且只能有一个为“?”');
    expect(validateCron('* * * * *')).toContain('6或7个字段');
  });
});
