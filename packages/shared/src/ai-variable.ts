import type { VariableOption, VariableType } from './ai';

/**
 * Value checks of 变量管理, shared so the console's forms refuse exactly what the server refuses
 * (default values, an agent's values).
 */

/** Mainland mobile, landline with area code, or a 400 number: what a business puts in a reply. */
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

export interface VariableValueRule {
  /** One of VARIABLE_TYPES; anything else is checked as text. */
  varType: string;
  pattern: string;
  patternHint: string;
  options: VariableOption[];
}

/** The compile error of a validation pattern, or null when it compiles (an empty pattern checks nothing). */
export function variablePatternError(pattern: string | null | undefined): string | null {
  if (!pattern) return null;
  try {
    new RegExp(pattern);
    return null;
  } catch {
    return '校验正则格式不正确';
  }
}

/**
 * Why a value does not fit the variable (its pattern hint, else the type's), or null when it does.
 * An empty value means "not set" and always fits.
 */
export function variableValueProblem(rule: VariableValueRule, value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  const type = TYPE_CHECKS[rule.varType as VariableType] ?? TYPE_CHECKS.text;
  const typeOk = type.test(value, rule.options ?? []);
  const patternOk = !rule.pattern || variablePatternError(rule.pattern) !== null || new RegExp(rule.pattern).test(value);
  if (typeOk && patternOk) return null;
  return rule.patternHint || (typeOk ? '不符合校验规则' : type.hint);
}
