import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app';
import type { KvStore } from '../../infra/kv';
import { CacheKey } from '../../core/cache-keys';
import { ServiceError } from '../../core/errors';
import { AuthMsg } from './messages';

/** Attempts per client IP and minute on the credential endpoints: far above human use, far below guessing. */
export const CREDENTIAL_ATTEMPTS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

const scopePrefix = (scope: string) => `${CacheKey.RATE_LIMIT}${scope}:`;
const CREDENTIALS_SCOPE = 'credentials';

/**
 * Counters live in the app's key-value store (shared by all instances under Redis) and follow the
 * injected clock. Fixed windows: the key names the window, so the counter's TTL needs no care.
 * `scope` keeps the counters of different limits apart.
 */
export function kvRateLimitStore(deps: Pick<AppDeps, 'kv' | 'now'>, scope: string): FastifyRateLimitStoreCtor {
  return class KvRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = deps.now();
      const windowStart = now - (now % timeWindow);
      deps.kv
        .incr(`${scopePrefix(scope)}${key}:${windowStart}`, timeWindow)
        .then((current) => callback(null, { current, ttl: windowStart + timeWindow - now }), (err: Error) => callback(err));
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * A route's own allowance per client IP under the credential plugin. The route's name keeps its
 * counter apart from the login/register attempts, which share the plugin's key.
 */
export function perClientLimit(name: string, max: number): { max: number; keyGenerator: (request: FastifyRequest) => string } {
  return { max, keyGenerator: (request) => `${name}:${request.clientIp}` };
}

export function credentialRateLimit(deps: Pick<AppDeps, 'kv' | 'now'>): RateLimitPluginOptions {
  return {
    global: false,
    max: CREDENTIAL_ATTEMPTS_PER_MINUTE,
    timeWindow: WINDOW_MS,
    store: kvRateLimitStore(deps, CREDENTIALS_SCOPE),
    keyGenerator: (request) => request.clientIp,
    errorResponseBuilder: () => new ServiceError(AuthMsg.RATE_LIMITED),
  };
}

/**
 * Ends the current windows of the credential limits (login and register attempts, captchas, logouts)
 * for one client address, so an unlocked user is not still turned away there. Keys are
 * `<scope prefix>[<route name>:]<ip>:<window start>`; route names hold no colon, addresses may (IPv6).
 */
export async function clearCredentialLimits(kv: KvStore, ip: string): Promise<number> {
  const prefix = scopePrefix(CREDENTIALS_SCOPE);
  const keys = (await kv.keys(prefix)).filter((key) => {
    const client = key.slice(prefix.length, key.lastIndexOf(':'));
    return client === ip || client.endsWith(`:${ip}`);
  });
  return keys.length ? kv.del(...keys) : 0;
}
