import { describe, expect, it } from 'vitest';
import { variableValueProblem as checkValue } from '@acs/shared';
import { patternError, type ValueShape } from './valueRules';

const shape = (s: Partial<ValueShape>): ValueShape => ({ varType: 'text', options: [], pattern: '', patternHint: '', ...s });

describe('checkValue', () => {
  it('lets an empty value through (the fallback covers it)', () => {
    expect(checkValue(shape({ varType: 'number' }), '')).toBeNull();
  });

  it('checks the value against its type', () => {
    expect(checkValue(shape({ varType: 'number' }), '12.5')).toBeNull();
    expect(checkValue(shape({ varType: 'number' }), '十二')).toBe('请输入数字');
    expect(checkValue(shape({ varType: 'phone' }), '400-800-1234')).toBeNull();
    expect(checkValue(shape({ varType: 'phone' }), '12345')).toBe('请输入正确的电话号码');
    expect(checkValue(shape({ varType: 'date' }), '2026-02-30')).toBe('日期格式应为YYYY-MM-DD');
    expect(checkValue(shape({ varType: 'boolean' }), 'true')).toBeNull();
    expect(checkValue(shape({ varType: 'select', options: [{ label: '北京', value: 'bj' }] }), 'sh')).toBe('请选择选项中的值');
  });

  it('applies the pattern and prefers its hint', () => {
    const code = shape({ pattern: '^\\d{4}$', patternHint: '请输入4位数字' });
    expect(checkValue(code, '2026')).toBeNull();
    expect(checkValue(code, '20a6')).toBe('请输入4位数字');
    expect(checkValue(shape({ pattern: '^\\d{4}$' }), 'x')).toBe('不符合校验规则');
  });
});

describe('patternError', () => {
  it('reports a pattern that does not compile', () => {
    expect(patternError('(')).toBe('校验正则格式不正确');
    expect(patternError('^a+$')).toBeNull();
    expect(patternError('')).toBeNull();
  });
});
