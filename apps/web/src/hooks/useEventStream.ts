import { useEffect, useRef, useState } from 'react';
import { getToken } from '../utils/auth';
import { readSse } from '../utils/sse';

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 15_000;

export type StreamState = 'connecting' | 'open' | 'reconnecting';

export interface EventStreamHandlers {
  /** A named event of `events`, its data parsed from JSON. Malformed events are skipped. */
  onEvent(event: string, data: unknown): void;
  /** Every (re)connect: events sent while disconnected are gone, so the caller reloads what it shows. */
  onOpen?(): void;
}

/**
 * Follows a signed-in user's event stream at `url` (with the Authorization header EventSource cannot
 * send) while mounted and `enabled`, reconnecting with backoff. Handlers may change on every render.
 */
export function useEventStream(url: string, events: readonly string[], handlers: EventStreamHandlers, enabled = true): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  const wanted = events.join(',');

  useEffect(() => {
    if (!enabled) return;
    const names = new Set(wanted.split(','));
    const abort = new AbortController();
    let delay = RETRY_MIN_MS;
    void (async () => {
      while (!abort.signal.aborted) {
        try {
          await readSse(url, {
            headers: { Authorization: `Bearer ${getToken() ?? ''}` },
            signal: abort.signal,
            onOpen: () => {
              delay = RETRY_MIN_MS;
              setState('open');
              current.current.onOpen?.();
            },
            onEvent: (e) => {
              if (!names.has(e.event)) return;
              let data: unknown;
              try {
                data = JSON.parse(e.data);
              } catch {
                // A malformed event is skipped; the next resync shows the truth.
                return;
              }
              current.current.onEvent(e.event, data);
            },
          });
        } catch {
          // Connection refused, dropped or rejected: retried below.
        }
        if (abort.signal.aborted) return;
        setState('reconnecting');
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      }
    })();
    return () => abort.abort();
  }, [url, wanted, enabled]);

  return state;
}
