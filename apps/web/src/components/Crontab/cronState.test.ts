import { describe, expect, it } from 'vitest';
import { defaultState, fieldText, parseExpression, parseField, stateProblem, toExpression, updateField, type CronState } from './cronState';

const NOW = new Date(2026, 10, 24, 12, 0, 0);

function roundTrip(expr: string): string {
  const parsed = parseExpression(expr, NOW);
  expect(parsed.ok).toBe(true);
  return toExpression(parsed.state);
}

describe('parseExpression / toExpression', () => {
  it('opens every shape a tab can show and gives the same text back', () => {
    for (const expr of [
      '0/10 * * * * ?',
      '0 0 2 1 * ? *',
      '15-45 5/20 8-18 ? 1,3,5 2-6',
      '0 0 12 15W * ?',
      '0 0 12 L * ?',
      '0 0 12 ? * 6L',
      '0 0 12 ? * 2#3',
      '0 0 0 1 1 ? 2027-2030',
      '0 0 0 1 1 ? 2027/2',
    ]) {
      expect(roundTrip(expr)).toBe(expr);
    }
  });

  it('reads the seed jobs into tab choices', () => {
    const { state } = parseExpression('0/15 * * * * ?', NOW);
    expect(state.second).toMatchObject({ mode: 'step', step: [0, 15] });
    expect(state.minute.mode).toBe('every');
    expect(state.day.mode).toBe('every');
    expect(state.week.mode).toBe('none');
    expect(state.year.mode).toBe('empty');
  });

  it('keeps text no tab can show as 其他写法, unchanged', () => {
    const { state } = parseExpression('1-10/2 * * LW * ?', NOW);
    expect(state.second).toMatchObject({ mode: 'custom', custom: '1-10/2' });
    expect(state.day).toMatchObject({ mode: 'custom', custom: 'LW' });
    expect(toExpression(state)).toBe('1-10/2 * * LW * ?');
  });

  it('turns month and weekday names into numbers', () => {
    expect(roundTrip('0 0 9 ? JAN-MAR MON-FRI')).toBe('0 0 9 ? 1-3 2-6');
    expect(parseField('week', 'sun,sat', NOW)).toMatchObject({ mode: 'specific', specific: [1, 7] });
  });

  it('sorts and dedupes a 指定 list', () => {
    expect(parseField('minute', '30,5,30,0', NOW)).toMatchObject({ mode: 'specific', specific: [0, 5, 30] });
  });

  it('keeps out-of-range numbers as written, for the validator to refuse', () => {
    expect(parseField('second', '0-60', NOW)).toMatchObject({ mode: 'custom', custom: '0-60' });
    expect(parseField('hour', '24', NOW).mode).toBe('custom');
    expect(parseField('week', '8L', NOW).mode).toBe('custom');
    expect(parseField('week', '2#6', NOW).mode).toBe('custom');
    expect(parseField('day', '0W', NOW).mode).toBe('custom');
  });

  it('starts from the default tabs when the text is not 6 or 7 fields', () => {
    for (const expr of ['', '* * * * *', '0 0 0 1 1 ? 2027 extra']) {
      const parsed = parseExpression(expr, NOW);
      expect(parsed.ok).toBe(false);
      expect(toExpression(parsed.state)).toBe('* * * * * ?');
    }
  });

  it('takes a 7th field of spaces as no year', () => {
    expect(roundTrip('  0  0  2  *  *  ?  ')).toBe('0 0 2 * * ?');
  });

  it('puts `*/n` steps at the field start', () => {
    expect(parseField('minute', '*/5', NOW)).toMatchObject({ mode: 'step', step: [0, 5] });
    expect(parseField('day', '*/5', NOW)).toMatchObject({ mode: 'step', step: [1, 5] });
  });
});

describe('fieldText', () => {
  it('writes each mode of its tab', () => {
    const day = defaultState(NOW).day;
    expect(fieldText('day', { ...day, mode: 'workday', workday: 10 })).toBe('10W');
    expect(fieldText('day', { ...day, mode: 'last' })).toBe('L');
    const week = defaultState(NOW).week;
    expect(fieldText('week', { ...week, mode: 'last', lastWeekday: 6 })).toBe('6L');
    expect(fieldText('week', { ...week, mode: 'nth', nth: [2, 4] })).toBe('4#2');
    expect(fieldText('week', { ...week, mode: 'specific', specific: [7, 2] })).toBe('2,7');
  });
});

describe('updateField (日 and 周 exclude each other)', () => {
  const base: CronState = defaultState(NOW);

  it('a day choice turns 周 to 不指定', () => {
    const week = { ...base.week, mode: 'specific' as const, specific: [2] };
    let s = updateField(base, 'week', week);
    expect(s.day.mode).toBe('none');
    s = updateField(s, 'day', { ...s.day, mode: 'last' });
    expect(s.week.mode).toBe('none');
    expect(toExpression(s)).toBe('* * * L * ?');
  });

  it('不指定 on both sides is not allowed: the other side becomes 每', () => {
    let s = updateField(base, 'day', { ...base.day, mode: 'none' });
    expect(s.week.mode).toBe('every');
    expect(toExpression(s)).toBe('* * * ? * *');
    s = updateField(s, 'week', { ...s.week, mode: 'none' });
    expect(s.day.mode).toBe('every');
  });

  it('a weekday choice keeps its values when the user comes back to it', () => {
    let s = updateField(base, 'week', { ...base.week, mode: 'nth', nth: [3, 2] });
    s = updateField(s, 'day', { ...s.day, mode: 'every' });
    s = updateField(s, 'week', { ...s.week, mode: 'nth' });
    expect(fieldText('week', s.week)).toBe('2#3');
  });

  it('other fields do not touch 日/周', () => {
    const s = updateField(base, 'hour', { ...base.hour, mode: 'range', range: [9, 17] });
    expect(toExpression(s)).toBe('* * 9-17 * * ?');
  });
});

describe('stateProblem', () => {
  it('reports an empty 指定 list and empty or spaced 其他写法', () => {
    const s = defaultState(NOW);
    expect(stateProblem(s)).toBeUndefined();
    expect(stateProblem({ ...s, minute: { ...s.minute, mode: 'specific', specific: [] } })).toBe('请至少指定一个分钟');
    expect(stateProblem({ ...s, hour: { ...s.hour, mode: 'custom', custom: ' ' } })).toBe('请填写小时的表达式');
    expect(stateProblem({ ...s, hour: { ...s.hour, mode: 'custom', custom: '1 2' } })).toBe('小时的表达式不能包含空格');
    expect(stateProblem({ ...s, year: { ...s.year, mode: 'custom', custom: '' } })).toBeUndefined();
  });
});
