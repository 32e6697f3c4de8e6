/**
 * Server-sent events read with fetch, for streams that need an Authorization header (EventSource
 * cannot send one). Only what our servers emit is handled: `event:`, `data:` (joined by newlines),
 * `id:` and `:` comments (pings, ignored).
 */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/** Feeds text chunks, calls `onEvent` for each complete event; keeps an unfinished tail between chunks. */
export function createSseParser(onEvent: (e: SseEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  const dispatch = () => {
    if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), id });
    event = '';
    data = [];
    id = undefined;
  };
  return (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        dispatch();
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
  };
}

export class SseHttpError extends Error {
  constructor(readonly status: number) {
    super(`事件流连接失败（${status}）`);
  }
}

/**
 * Reads `url` as an event stream until it ends or `signal` aborts. Rejects when the connection fails
 * or answers other than 200 text/event-stream; `onOpen` runs once the stream is accepted.
 */
export async function readSse(
  url: string,
  opts: { headers?: Record<string, string>; signal: AbortSignal; onOpen?(): void; onEvent(e: SseEvent): void },
): Promise<void> {
  const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...opts.headers }, signal: opts.signal, cache: 'no-store' });
  if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    throw new SseHttpError(res.status);
  }
  opts.onOpen?.();
  const feed = createSseParser(opts.onEvent);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    feed(value);
  }
}
