import { and, eq, isNull, or } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { aiAgentVariable, aiVariable } from '../../../db/schema';

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
