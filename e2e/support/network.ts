import type { Page, Request } from '@playwright/test';

/**
 * Server-sent event streams (the top bar's lead stream, 在线会话) stay open for as long as the page
 * lives, so Playwright's 'networkidle' never comes; "settled" means no other request in flight.
 */
const isStream = (request: Request) => new URL(request.url()).pathname.endsWith('/stream');

const inFlight = new WeakMap<Page, Set<Request>>();

function tracked(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (!pending) {
    const set = new Set<Request>();
    pending = set;
    inFlight.set(page, set);
    page.on('request', (r) => {
      if (!isStream(r)) set.add(r);
    });
    const done = (r: Request) => set.delete(r);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }
  return pending;
}

/** Starts counting the page's requests; call before the action whose requests {@link settled} waits for. */
export const watchNetwork = (page: Page): void => void tracked(page);

/** Waits until no request but the event streams has been in flight for `quietMs`. */
export async function settled(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  const pending = tracked(page);
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`requests still in flight after ${timeoutMs} ms: ${[...pending].map((r) => r.url()).join(', ')}`);
}
