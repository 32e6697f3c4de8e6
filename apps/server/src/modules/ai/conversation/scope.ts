import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import type { LoginSession } from '../../../core/auth';
import { dataScopeFilter } from '../../../core/datascope';
import { ServiceError } from '../../../core/errors';
import { aiAgent, aiConversation, sysUser } from '../../../db/schema';
import type { StaffEvent } from '../runtime/events';

export const NO_CONVERSATION_ACCESS = '没有权限访问会话数据！';

/**
 * Which conversations a user may see under `permission` (docs/ai-service.md §数据权限): those whose
 * assignee, or whose agent's owner (the user who created the agent), is a user the role's data scope
 * covers, by department as for 用户管理; "self only" means being that assignee or owner. `undefined`
 * is no restriction (super admin, scope "all").
 */
export function conversationScope(session: LoginSession, permission: string): SQL | undefined {
  const usersInScope = dataScopeFilter(session, permission, { dept: sysUser.deptId, user: sysUser.userId });
  if (!usersInScope) return undefined;
  return sql`(${inArray(aiConversation.assigneeId, sql`(select ${sysUser.userId} from ${sysUser} where ${usersInScope})`)} or ${inArray(
    aiConversation.agentId,
    sql`(select ${aiAgent.agentId} from ${aiAgent} join ${sysUser} on ${sysUser.userName} = ${aiAgent.createBy} and ${sysUser.delFlag} = '0' where ${usersInScope})`,
  )})`;
}

/** Refuses (as RuoYi's checkUserDataScope does) a conversation the user may not see; missing ones read the same. */
export async function checkConversationScope(deps: Pick<AppDeps, 'database'>, session: LoginSession, permission: string, conversationId: number): Promise<void> {
  const scope = conversationScope(session, permission);
  if (scope && !(await inScope(deps, scope, conversationId))) throw new ServiceError(NO_CONVERSATION_ACCESS);
}

async function inScope(deps: Pick<AppDeps, 'database'>, scope: SQL, conversationId: number): Promise<boolean> {
  const [row] = await deps.database.db
    .select({ id: aiConversation.conversationId })
    .from(aiConversation)
    .where(and(eq(aiConversation.conversationId, conversationId), scope))
    .limit(1);
  return row !== undefined;
}

/** The conversation a staff stream event is about. */
const conversationOf = (event: StaffEvent) => (event.type === 'conversation' ? event.row.conversationId : event.conversationId);

/**
 * Whether a staff stream event may go to a user with `scope`: asked of the database per event, since
 * an event (a takeover, a new assignee) can itself move a conversation into or out of scope.
 */
export function staffEventFilter(deps: Pick<AppDeps, 'database'>, scope: SQL | undefined): (event: StaffEvent) => Promise<boolean> {
  if (!scope) return async () => true;
  return (event) => inScope(deps, scope, conversationOf(event));
}
