import { and, eq, isNull, or } from 'drizzle-orm';
import type { VariableOption, VariableType } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { aiAgentVariable, aiVariable } from '../../../db/schema';

/** Mainland mobile, landline with area code, or a 400 number: what a business puts in a reply. */
const PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|400-?\d{3}-?\d{4})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

export interface ValueRule {
  varType: string;
  pattern: string;
  patternHint: string;
  options: VariableOption[];
}

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

/** The compile error of a validation pattern, or null when it compiles (an empty pattern checks nothing). */
export function patternError(pattern: string): string | null {
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
export function valueProblem(rule: ValueRule, value: string): string | null {
  if (value === '') return null;
  const type = TYPE_CHECKS[rule.varType as VariableType] ?? TYPE_CHECKS.text;
  const typeOk = type.test(value, rule.options);
  const patternOk = !rule.pattern || patternError(rule.pattern) !== null || new RegExp(rule.pattern).test(value);
  if (typeOk && patternOk) return null;
  return rule.patternHint || (typeOk ? '不符合校验规则' : type.hint);
}

export interface VariableValues {
  /** key → value for every enabled variable the agent sees that has one (its own value, else the default). */
  values: Record<string, string>;
  /** key → text shown when the variable has no value. */
  fallbacks: Record<string, string>;
}

/**
 * The values an agent renders {{key}} with: enabled global variables, then the agent's own
 * variables (which win over a global of the same key). Each takes the agent's value, else the default.
 */
export async function variableValuesFor(deps: Pick<AppDeps, 'database'>, agentId: number | null): Promise<VariableValues> {
  const { db } = deps.database;
  const scopeFilter = agentId === null ? isNull(aiVariable.agentId) : or(isNull(aiVariable.agentId), eq(aiVariable.agentId, agentId));
  const [variables, own] = await Promise.all([
    db.select().from(aiVariable).where(and(eq(aiVariable.status, '0'), scopeFilter)),
    agentId === null
      ? Promise.resolve([])
      : db.select().from(aiAgentVariable).where(eq(aiAgentVariable.agentId, agentId)),
  ]);
  const ownValue = new Map(own.map((o) => [o.variableId, o.value]));
  const values: Record<string, string> = {};
  const fallbacks: Record<string, string> = {};
  // Globals first so that an agent's own variable of the same key replaces them.
  const ordered = [...variables.filter((v) => v.agentId === null), ...variables.filter((v) => v.agentId !== null)];
  for (const v of ordered) {
    const value = ownValue.get(v.variableId) || v.defaultValue;
    if (value) values[v.varKey] = value;
    else delete values[v.varKey];
    if (v.fallback) fallbacks[v.varKey] = v.fallback;
    else delete fallbacks[v.varKey];
  }
  return { values, fallbacks };
}
