import { PASSWORD_LOCK_MS, PASSWORD_MAX_RETRY } from '@acs/shared';
import type { KvStore } from '../../infra/kv';
import { CacheKey } from '../../core/cache-keys';
import { AuthMsg } from './messages';

/**
 * Failures of one username from all addresses before it is locked everywhere: well above the per-address
 * limit, so one attacker cannot lock the owner out from their own address, yet a guesser spreading over
 * many addresses is still stopped.
 */
export const USERNAME_MAX_RETRY = 20;

/**
 * Counter keys under the contract's `pwd_err_cnt:` prefix. The username is URI-encoded, which leaves the
 * contract's `pwd_err_cnt:<username>` as it is for ordinary names but encodes every `:`, so no username,
 * however chosen, can name another user's per-address counter `pwd_err_cnt:<username>:<address>`.
 */
function counterKeys(username: string, ip: string) {
  const user = userCounterKey(username);
  return { everywhere: user, here: `${user}:${ip}` };
}

const userCounterKey = (username: string) => CacheKey.PWD_ERR_CNT + encodeURIComponent(username);

/** The lock message when the username is locked for this address, else null. */
export async function lockProblem(kv: KvStore, username: string, ip: string): Promise<string | null> {
  const keys = counterKeys(username, ip);
  if (((await kv.get<number>(keys.here)) ?? 0) >= PASSWORD_MAX_RETRY) return AuthMsg.locked(PASSWORD_MAX_RETRY);
  if (((await kv.get<number>(keys.everywhere)) ?? 0) >= USERNAME_MAX_RETRY) return AuthMsg.locked(USERNAME_MAX_RETRY);
  return null;
}

/** Counts a failed attempt; each failure restarts the lock time, as the contract's counter does. */
export async function recordFailure(kv: KvStore, username: string, ip: string): Promise<void> {
  const keys = counterKeys(username, ip);
  await kv.incr(keys.here, PASSWORD_LOCK_MS);
  await kv.incr(keys.everywhere, PASSWORD_LOCK_MS);
}

/** A correct password clears the username's total and this address's count; other addresses stay locked. */
export async function clearFailures(kv: KvStore, username: string, ip: string): Promise<void> {
  const keys = counterKeys(username, ip);
  await kv.del(keys.here, keys.everywhere);
}

/**
 * 解锁 (GET /monitor/logininfor/unlock): clears the username's total and its count at every address, so
 * the owner can sign in from anywhere at once. Returns the addresses that had a count, whose other limits
 * (rate-limit.ts) the caller may clear as well.
 */
export async function unlockUser(kv: KvStore, username: string): Promise<string[]> {
  const everywhere = userCounterKey(username);
  const perAddress = await kv.keys(`${everywhere}:`);
  await kv.del(everywhere, ...perAddress);
  return perAddress.map((key) => key.slice(everywhere.length + 1));
}
