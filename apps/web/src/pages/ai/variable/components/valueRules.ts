import type { VariableOption, VariableType } from '@acs/shared';

/** How a boolean variable's value is stored (and so how it reads inside a sentence). */
export const BOOLEAN_OPTIONS: VariableOption[] = [
  { label: '是', value: '是' },
  { label: '否', value: '否' },
];

const PHONE = /^1[3-9]\d{9}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface ValueShape {
  varType: VariableType;
  options: VariableOption[];
  pattern: string;
  patternHint: string;
}

/** Why a value does not fit the variable, or null; an empty value always fits (the fallback covers it). */
export function checkValue(v: ValueShape, value: string | undefined | null): string | null {
  if (value === undefined || value === null || value === '') return null;
  switch (v.varType) {
    case 'number':
      if (!Number.isFinite(Number(value))) return '请输入数字';
      break;
    case 'phone':
      if (!PHONE.test(value)) return '请输入正确的手机号码';
      break;
    case 'date':
      if (!DATE.test(value)) return '日期格式应为 yyyy-MM-dd';
      break;
    case 'select':
      if (!v.options.some((o) => o.value === value)) return '请选择选项中的值';
      break;
    case 'boolean':
      if (!BOOLEAN_OPTIONS.some((o) => o.value === value)) return '请选择是或否';
      break;
    default:
      break;
  }
  if (v.pattern) {
    let re: RegExp;
    try {
      re = new RegExp(v.pattern);
    } catch {
      return null;
    }
    if (!re.test(value)) return v.patternHint || '格式不正确';
  }
  return null;
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
