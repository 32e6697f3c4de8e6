import { CONVERSATION_STREAM_URL, type ConversationRow, type StaffEvent } from '../../../api/ai/conversation';
import { useEventStream, type StreamState } from '../../../hooks/useEventStream';

const EVENTS = ['conversation', 'message', 'lead'];

/** `conversation` data is `{row}` (the pubsub event) or the row itself; the others carry their fields. */
function toStaffEvent(event: string, data: Record<string, unknown>): StaffEvent {
  if (event === 'conversation') return { type: 'conversation', row: (data.row ?? data) as ConversationRow };
  return { ...data, type: event } as StaffEvent;
}

/**
 * Follows GET /ai/conversation/stream while the page is shown, reconnecting with backoff. `onOpen` runs
 * on every (re)connect: events sent while disconnected are gone, so the page reloads what it shows.
 */
export function useStaffStream(onEvent: (e: StaffEvent) => void, onOpen: () => void): StreamState {
  return useEventStream(CONVERSATION_STREAM_URL, EVENTS, {
    onEvent: (event, data) => onEvent(toStaffEvent(event, data as Record<string, unknown>)),
    onOpen,
  });
}
