import type { FastifyInstance, FastifyReply } from 'fastify';
import { toWireJson } from '../../../core/time';

/** A comment line this often keeps proxies and browsers from closing an idle stream. */
export const SSE_PING_MS = 15_000;

/**
 * Streams ended by a shutdown tell the client to reconnect after this long plus up to the jitter
 * (an SSE `retry:` field), so the clients of a stopping instance spread over the others instead of
 * all arriving at once.
 */
export const SHUTDOWN_RETRY_MS = 1_000;
export const SHUTDOWN_RETRY_JITTER_MS = 2_000;

export interface EventStream {
  /** One event; `id` (a message seq) is what the browser sends back as Last-Event-ID. */
  send(event: string, data: unknown, id?: number): void;
  /** Runs when the client goes away or the server closes the stream. */
  onClose(cleanup: () => void): void;
  readonly closed: boolean;
}

export type OpenEventStream = (reply: FastifyReply) => EventStream;

/** Ends a stream; with `retryMs` the client is first told when to reconnect. */
type CloseStream = (retryMs?: number) => void;

/**
 * The stream opener of a route plugin. Streams are hijacked responses the server would wait for
 * forever on close, so the plugin's preClose hook ends the ones still open, with a reconnect hint.
 */
export function eventStreams(app: FastifyInstance): OpenEventStream {
  const open = new Set<CloseStream>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close(SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_JITTER_MS));
  });
  return (reply) => openEventStream(reply, open);
}

/**
 * Takes over the raw response for a text/event-stream: Fastify stops managing the reply, so the
 * stream stays open until the client leaves or the server shuts down.
 */
function openEventStream(reply: FastifyReply, open: Set<CloseStream>): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    // nginx would otherwise buffer the stream and deliver events in bursts.
    'X-Accel-Buffering': 'no',
  });
  res.write(': connected\n\n');

  const cleanups: Array<() => void> = [];
  let closed = false;
  const close: CloseStream = (retryMs) => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    for (const fn of cleanups) fn();
    if (res.writableEnded) return;
    if (retryMs !== undefined) res.write(`retry: ${retryMs}\n\n`);
    res.end();
  };
  const ping = setInterval(() => res.write(': ping\n\n'), SSE_PING_MS);
  res.on('close', () => close());
  res.on('error', () => close());
  open.add(close);
  cleanups.push(() => open.delete(close));

  return {
    send(event, data, id) {
      if (closed) return;
      res.write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${toWireJson(data)}\n\n`);
    },
    onClose(cleanup) {
      if (closed) cleanup();
      else cleanups.push(cleanup);
    },
    get closed() {
      return closed;
    },
  };
}
