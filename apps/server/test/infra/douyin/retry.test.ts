import { describe, expect, it } from 'vitest';
import { DOUYIN_SEND_RETRY } from '../../../src/infra/douyin/constants';
import { douyinError, type DouyinErrorReason } from '../../../src/infra/douyin/errors';
import { backoffDelay, withDouyinRetry } from '../../../src/infra/douyin/retry';

/** A call failing with the given reasons in turn, then answering "ok"; it counts its attempts. */
function flaky(reasons: DouyinErrorReason[]) {
  const calls: number[] = [];
  const call = async (attempt: number) => {
    calls.push(attempt);
    const reason = reasons[attempt - 1];
    if (reason) throw douyinError(reason);
    return 'ok';
  };
  return { call, calls };
}

function recorder() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('withDouyinRetry', () => {
  it('backs off on transient errors and returns the first success', async () => {
    const { call, calls } = flaky(['http', 'timeout', 'rate_limit']);
    const { waits, sleep } = recorder();
    const retries: number[] = [];
    const result = await withDouyinRetry(call, { sleep, random: () => 0.999, baseDelayMs: 100, maxDelayMs: 10_000, onRetry: (r) => retries.push(r.attempt) });
    expect(result).toBe('ok');
    expect(calls).toEqual([1, 2, 3, 4]);
    // Full jitter with random ≈ 1: the ceiling doubles each time.
    expect(waits).toEqual([99, 199, 399]);
    expect(retries).toEqual([1, 2, 3]);
  });

  it('stops at once on auth and bad-request errors', async () => {
    for (const reason of ['access_token_expired', 'access_token_invalid', 'wrong_app', 'invalid_request', 'blocked'] as const) {
      const { call, calls } = flaky([reason, reason]);
      const { waits, sleep } = recorder();
      await expect(withDouyinRetry(call, { sleep })).rejects.toMatchObject({ reason });
      expect(calls).toEqual([1]);
      expect(waits).toEqual([]);
    }
  });

  it('does not retry what is not a DouyinError', async () => {
    let n = 0;
    const { sleep, waits } = recorder();
    await expect(
      withDouyinRetry(
        async () => {
          n++;
          throw new TypeError('bug');
        },
        { sleep },
      ),
    ).rejects.toThrow('bug');
    expect(n).toBe(1);
    expect(waits).toEqual([]);
  });

  it('is bounded: gives up after maxAttempts with the last transient error', async () => {
    const { call, calls } = flaky(Array(10).fill('busy'));
    const { waits, sleep } = recorder();
    await expect(withDouyinRetry(call, { sleep, maxAttempts: 3 })).rejects.toMatchObject({ kind: 'transient', reason: 'busy' });
    expect(calls).toEqual([1, 2, 3]);
    expect(waits).toHaveLength(2);

    const d = flaky(Array(10).fill('network'));
    await expect(withDouyinRetry(d.call, { sleep })).rejects.toMatchObject({ reason: 'network' });
    expect(d.calls).toHaveLength(DOUYIN_SEND_RETRY.maxAttempts);
  });

  it('an auth error after transient ones ends the retries', async () => {
    const { call, calls } = flaky(['http', 'access_token_expired', 'http']);
    const { sleep } = recorder();
    await expect(withDouyinRetry(call, { sleep })).rejects.toMatchObject({ kind: 'auth' });
    expect(calls).toEqual([1, 2]);
  });

  it('stops when the caller aborts between attempts', async () => {
    const controller = new AbortController();
    const { call, calls } = flaky(['http', 'http', 'http']);
    const sleep = async () => controller.abort(new Error('shutdown'));
    await expect(withDouyinRetry(call, { sleep, signal: controller.signal })).rejects.toThrow('shutdown');
    expect(calls).toEqual([1]);
  });
});

describe('backoffDelay', () => {
  it('stays within [0, min(max, base·2^(n-1))) and is capped', () => {
    const o = { baseDelayMs: 500, maxDelayMs: 8000 };
    expect(backoffDelay(1, { ...o, random: () => 0 })).toBe(0);
    expect(backoffDelay(1, { ...o, random: () => 0.5 })).toBe(250);
    expect(backoffDelay(3, { ...o, random: () => 0.5 })).toBe(1000);
    expect(backoffDelay(10, { ...o, random: () => 0.999999 })).toBe(7999);
    for (let i = 1; i < 8; i++) {
      const d = backoffDelay(i, { ...o, random: Math.random });
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(Math.min(8000, 500 * 2 ** (i - 1)));
    }
  });
});
