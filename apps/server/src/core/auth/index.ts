export { authPlugin } from './plugin';
export { hasPermi, hasRole, requireSession } from './permissions';
export { allSessions, createSession, deleteSession, endSessionsOfUser, loadSession, saveSession, sessionsOfUser } from './session';
export type { LoginSession, SessionDept, SessionRole, SessionUser } from './types';
