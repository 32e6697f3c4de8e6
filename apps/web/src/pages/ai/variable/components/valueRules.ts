import type { VariableOption, VariableType } from '@acs/shared';

/** How a boolean variable's value is stored; the select shows 是/否. */
export const BOOLEAN_OPTIONS: VariableOption[] = [
  { label: '是', value: 'true' },
  { label: '否', value: 'false' },
];

// The same checks as the server's (modules/ai/variable/values.ts), so the form refuses what the server would.
const PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|400-?\d{3}-?\d{4})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function isRealDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const TYPE_CHECKS: Record<VariableType, { test: (value: string, options: VariableOption[]) => boolean; hint: string }> = {
  text: { test: () => true, hint: '' },
  number: { test: (v) => NUMBER.test(v), hint: '请输入数字' },
  date: { test: isRealDate, hint: '日期格式应为YYYY-MM-DD' },
  phone: { test: (v) => PHONE.test(v), hint: '请输入正确的电话号码' },
  boolean: { test: (v) => v === 'true' || v === 'false', hint: '只能是true或false' },
  select: { test: (v, options) => options.some((o) => o.value === v), hint: '请选择选项中的值' },
};

export interface ValueShape {
  varType: VariableType;
  options: VariableOption[];
  pattern: string;
  patternHint: string;
}

/** The compile error of a validation pattern, or null (an empty pattern checks nothing). */
export function patternError(pattern: string | undefined): string | null {
  if (!pattern) return null;
  try {
    new RegExp(pattern);
    return null;
  } catch {
    return '校验正则格式不正确';
  }
}

/** Why a value does not fit the variable (its pattern hint, else the type's), or null; an empty value always fits. */
export function checkValue(v: ValueShape, value: string | undefined | null): string | null {
  if (value === undefined || value === null || value === '') return null;
  const type = TYPE_CHECKS[v.varType] ?? TYPE_CHECKS.text;
  const typeOk = type.test(value, v.options ?? []);
  const patternOk = !v.pattern || patternError(v.pattern) !== null || new RegExp(v.pattern).test(value);
  if (typeOk && patternOk) return null;
  return v.patternHint || (typeOk ? '不符合校验规则' : type.hint);
}

/** checkValue as an antd form rule. */
export function valueRule(v: ValueShape) {
  return {
    validator: (_rule: unknown, value: string) => {
      const error = checkValue(v, value);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
}
