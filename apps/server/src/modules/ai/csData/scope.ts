import { asc, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import type { LoginSession } from '../../../core/auth';
import { dataScopeFilter } from '../../../core/datascope';
import { aiAgent, sysUser } from '../../../db/schema';

/**
 * The agents whose numbers a user may see under `permission`, as a subquery of agent ids: those whose
 * owner (the user who created the agent) the role's data scope covers, as for 在线会话's agent owners.
 * `undefined` is no restriction (super admin, scope "all").
 */
export function csDataAgentScope(session: LoginSession, permission: string): SQL | undefined {
  const owners = dataScopeFilter(session, permission, { dept: sysUser.deptId, user: sysUser.userId });
  if (!owners) return undefined;
  return sql`(select ${aiAgent.agentId} from ${aiAgent} join ${sysUser} on ${sysUser.userName} = ${aiAgent.createBy} and ${sysUser.delFlag} = '0' where ${owners})`;
}

/** The agents a user may filter on: those in their data scope. */
export function agentsInScope(deps: Pick<AppDeps, 'database'>, agentIds: SQL | undefined): Promise<{ agentId: number; name: string }[]> {
  return deps.database.db
    .select({ agentId: aiAgent.agentId, name: aiAgent.name })
    .from(aiAgent)
    .where(agentIds && sql`${aiAgent.agentId} in ${agentIds}`)
    .orderBy(asc(aiAgent.agentId));
}
