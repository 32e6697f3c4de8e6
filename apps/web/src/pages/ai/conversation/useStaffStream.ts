import { useEffect, useRef, useState } from 'react';
import { CONVERSATION_STREAM_URL, type ConversationRow, type StaffEvent } from '../../../api/ai/conversation';
import { getToken } from '../../../utils/auth';
import { readSse } from '../../../utils/sse';

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 15_000;

const EVENTS = new Set(['conversation', 'message', 'lead']);

/** `conversation` data is `{row}` (the pubsub event) or the row itself; the others carry their fields. */
function toStaffEvent(event: string, data: Record<string, unknown>): StaffEvent {
  if (event === 'conversation') return { type: 'conversation', row: (data.row ?? data) as ConversationRow };
  return { ...data, type: event } as StaffEvent;
}

export type StreamState = 'connecting' | 'open' | 'reconnecting';

/**
 * Follows GET /ai/conversation/stream while the page is shown, reconnecting with backoff. `onOpen` runs
 * on every (re)connect: events sent while disconnected are gone, so the page reloads what it shows.
 */
export function useStaffStream(onEvent: (e: StaffEvent) => void, onOpen: () => void): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const handlers = useRef({ onEvent, onOpen });
  useEffect(() => {
    handlers.current = { onEvent, onOpen };
  });

  useEffect(() => {
    const abort = new AbortController();
    let delay = RETRY_MIN_MS;
    void (async () => {
      while (!abort.signal.aborted) {
        try {
          await readSse(CONVERSATION_STREAM_URL, {
            headers: { Authorization: `Bearer ${getToken() ?? ''}` },
            signal: abort.signal,
            onOpen: () => {
              delay = RETRY_MIN_MS;
              setState('open');
              handlers.current.onOpen();
            },
            onEvent: (e) => {
              if (!EVENTS.has(e.event)) return;
              try {
                handlers.current.onEvent(toStaffEvent(e.event, JSON.parse(e.data) as Record<string, unknown>));
              } catch {
                // A malformed event is skipped; the next resync shows the truth.
              }
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
  }, []);

  return state;
}
