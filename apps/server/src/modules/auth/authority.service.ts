import type { AppDeps } from '../../app';
import { deleteSession, saveSession, sessionsOfUser, type LoginSession } from '../../core/auth';
import { findUserById, loadAuthority, type UserAuthority, type UserRow } from './repository';

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Copies fresh user data into a session; true when something changed and the session was saved. */
export async function applyAuthority(deps: AppDeps, session: LoginSession, row: UserRow, fresh: UserAuthority): Promise<boolean> {
  const changed =
    !sameList(fresh.permissions, session.permissions) ||
    !sameList(fresh.roles, session.roles) ||
    JSON.stringify(fresh.user) !== JSON.stringify(session.user);
  if (!changed) return false;
  Object.assign(session, { permissions: fresh.permissions, roles: fresh.roles, user: fresh.user, deptId: row.deptId, deptName: fresh.deptName });
  await saveSession(deps, session);
  return true;
}

/**
 * Re-reads a user's roles, permissions and cached user object into every live session of that user
 * (after role, menu or user edits). Sessions of a user that no longer exists are ended.
 */
export async function refreshUserSessions(deps: AppDeps, userId: number): Promise<void> {
  const sessions = await sessionsOfUser(deps, userId);
  if (sessions.length === 0) return;
  const row = await findUserById(deps.database.db, userId);
  if (!row) {
    for (const s of sessions) await deleteSession(deps, s.tokenId);
    return;
  }
  const fresh = await loadAuthority(deps.database.db, row);
  for (const s of sessions) await applyAuthority(deps, s, row, fresh);
}
