import { bindAccount, type DouyinBindResult } from '../../../api/channel/douyinPublic';

const STORE_PREFIX = 'dyLogin:';

/** Exchanges under way, by state: React's development double effects must not spend the one-time state twice. */
const pending = new Map<string, Promise<DouyinBindResult>>();

function stored(state: string): DouyinBindResult | undefined {
  try {
    const raw = sessionStorage.getItem(STORE_PREFIX + state);
    const parsed = raw ? (JSON.parse(raw) as DouyinBindResult) : undefined;
    return parsed && typeof parsed.result === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The platform's return to /dyLogin (?code=&state= or ?error=&state=) handed to the server once. The outcome
 * is kept for the tab, so reloading the result page shows it again instead of "link expired" (a state works once).
 */
export function exchangeOnce(params: URLSearchParams): Promise<DouyinBindResult> {
  const state = params.get('state') ?? '';
  const known = stored(state);
  if (known) return Promise.resolve(known);
  let call = pending.get(state);
  if (!call) {
    call = bindAccount({ state, code: params.get('code') ?? undefined, error: params.get('error') ?? undefined }).then((result) => {
      sessionStorage.setItem(STORE_PREFIX + state, JSON.stringify(result));
      return result;
    });
    pending.set(state, call);
    // A failed call (network) may be tried again.
    call.catch(() => pending.delete(state));
  }
  return call;
}
