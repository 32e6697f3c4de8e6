import { randomUUID } from 'node:crypto';
import { SESSION_REFRESH_THRESHOLD_MS, SESSION_TTL_MS } from '@acs/shared';
import type { KvStore } from '../../infra/kv';
import { CacheKey } from '../cache-keys';
import type { LoginSession } from './types';

export interface SessionDeps {
  kv: KvStore;
  now: () => number;
}

const sessionKey = (tokenId: string) => CacheKey.LOGIN_TOKENS + tokenId;
const indexKey = (userId: number) => CacheKey.USER_SESSIONS + userId;

/**
 * Rewrites a user's session index: applies the change, drops ids whose session is gone and renews
 * the index's lifetime to a full session TTL, which outlives every session it lists.
 */
async function updateIndex(deps: SessionDeps, userId: number, change: (ids: Set<string>) => void): Promise<void> {
  const ids = new Set((await deps.kv.get<string[]>(indexKey(userId))) ?? []);
  change(ids);
  const alive: string[] = [];
  for (const id of ids) if ((await deps.kv.ttl(sessionKey(id))) !== -2) alive.push(id);
  if (alive.length === 0) await deps.kv.del(indexKey(userId));
  else await deps.kv.set(indexKey(userId), alive, SESSION_TTL_MS);
}

async function store(deps: SessionDeps, session: LoginSession): Promise<void> {
  const remaining = session.expireTime - deps.now();
  if (remaining <= 0) return;
  await deps.kv.set(sessionKey(session.tokenId), session, remaining);
}

export type NewSession = Omit<LoginSession, 'tokenId' | 'loginTime' | 'expireTime'>;

export async function createSession(deps: SessionDeps, init: NewSession): Promise<LoginSession> {
  const now = deps.now();
  const session: LoginSession = { ...init, tokenId: randomUUID(), loginTime: now, expireTime: now + SESSION_TTL_MS };
  await store(deps, session);
  await updateIndex(deps, session.userId, (ids) => ids.add(session.tokenId));
  return session;
}

/**
 * The live session of a token id, or null. Expiry is judged by the session's own expireTime
 * against the injected clock as well as by the store's TTL. A session with at most 20 minutes
 * left is extended to a fresh 30 minutes (sliding expiry).
 */
export async function loadSession(deps: SessionDeps, tokenId: string): Promise<LoginSession | null> {
  const session = await deps.kv.get<LoginSession>(sessionKey(tokenId));
  if (!session) return null;
  const now = deps.now();
  if (session.expireTime <= now) {
    await deleteSession(deps, tokenId);
    return null;
  }
  if (session.expireTime - now <= SESSION_REFRESH_THRESHOLD_MS) {
    session.loginTime = now;
    session.expireTime = now + SESSION_TTL_MS;
    await store(deps, session);
    await updateIndex(deps, session.userId, () => undefined);
  }
  return session;
}

/** Re-stores a changed session (permissions, cached user) without touching its expiry. */
export async function saveSession(deps: SessionDeps, session: LoginSession): Promise<void> {
  await store(deps, session);
}

/** Removes a session (logout, force logout) and returns what it held. */
export async function deleteSession(deps: SessionDeps, tokenId: string): Promise<LoginSession | null> {
  const session = await deps.kv.take<LoginSession>(sessionKey(tokenId));
  if (session) await updateIndex(deps, session.userId, (ids) => ids.delete(tokenId));
  return session;
}

/**
 * Ends every session of a user except `keepTokenId` (a password change keeps the session that made it),
 * so tokens issued before the change stop working at once. Returns how many ended.
 */
export async function endSessionsOfUser(deps: SessionDeps, userId: number, keepTokenId?: string): Promise<number> {
  const ended = ((await deps.kv.get<string[]>(indexKey(userId))) ?? []).filter((id) => id !== keepTokenId);
  if (ended.length === 0) return 0;
  await deps.kv.del(...ended.map(sessionKey));
  await updateIndex(deps, userId, (ids) => ended.forEach((id) => ids.delete(id)));
  return ended.length;
}

/** Live sessions of one user, read through the per-user index. */
export async function sessionsOfUser(deps: SessionDeps, userId: number): Promise<LoginSession[]> {
  const ids = (await deps.kv.get<string[]>(indexKey(userId))) ?? [];
  const sessions: LoginSession[] = [];
  for (const id of ids) {
    const s = await deps.kv.get<LoginSession>(sessionKey(id));
    if (s && s.expireTime > deps.now()) sessions.push(s);
  }
  return sessions;
}

/** Every live session (online-user monitor); scans the token prefix. */
export async function allSessions(deps: SessionDeps): Promise<LoginSession[]> {
  const sessions: LoginSession[] = [];
  for (const key of await deps.kv.keys(CacheKey.LOGIN_TOKENS)) {
    const s = await deps.kv.get<LoginSession>(key);
    if (s && s.expireTime > deps.now()) sessions.push(s);
  }
  return sessions;
}
