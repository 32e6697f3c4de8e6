import { DOUYIN_SEND_RETRY } from './constants';
import { DouyinError } from './errors';

export interface RetryOptions {
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injectable so tests neither wait nor depend on chance. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Called before each wait, for logs and the outbound audit. */
  onRetry?: (info: { attempt: number; delayMs: number; error: DouyinError }) => void;
  signal?: AbortSignal;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * "Full jitter" backoff: a random wait between 0 and min(max, base·2^(attempt-1)), so instances retrying
 * the same failure spread out instead of hitting the platform together.
 */
export function backoffDelay(attempt: number, opts: { baseDelayMs: number; maxDelayMs: number; random: () => number }): number {
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(opts.random() * ceiling);
}

/**
 * Runs `call` until it succeeds, retrying only transient DouyinErrors (5xx, timeouts, rate limits) with
 * backoff, at most `maxAttempts` times. Auth and bad-request errors, and anything that is not a
 * DouyinError, end it at once: retrying them cannot help and may send twice.
 */
export async function withDouyinRetry<T>(call: (attempt: number) => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const maxAttempts = Math.max(1, opts.maxAttempts ?? DOUYIN_SEND_RETRY.maxAttempts);
  const backoff = {
    baseDelayMs: opts.baseDelayMs ?? DOUYIN_SEND_RETRY.baseDelayMs,
    maxDelayMs: opts.maxDelayMs ?? DOUYIN_SEND_RETRY.maxDelayMs,
    random: opts.random ?? Math.random,
  };
  const sleep = opts.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    opts.signal?.throwIfAborted();
    try {
      return await call(attempt);
    } catch (err) {
      if (!(err instanceof DouyinError) || err.kind !== 'transient' || attempt >= maxAttempts) throw err;
      const delayMs = backoffDelay(attempt, backoff);
      opts.onRetry?.({ attempt, delayMs, error: err });
      await sleep(delayMs);
    }
  }
}
