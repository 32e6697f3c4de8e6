import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { toWireJson } from '../core/time';

/**
 * The function that ends a subscription. `ready` settles once messages published from now on are
 * certain to arrive (Redis confirms SUBSCRIBE asynchronously): a reader that replays stored state
 * and then follows live events waits for it before reading, so nothing falls between the two.
 */
export type Unsubscribe = (() => void) & { ready: Promise<void> };

/**
 * Live events between the parts of the server (chat turns, staff actions, SSE streams): in-process
 * by default, Redis channels when REDIS_URL is set so every instance behind a load balancer sees
 * every event. Events travel as JSON in the wire format (dates as `yyyy-MM-dd HH:mm:ss`) in both
 * modes, so a subscriber cannot tell which one is in use.
 */
export interface PubSub {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, event: unknown): Promise<void>;
  subscribe(channel: string, handler: (event: unknown) => void): Unsubscribe;
  close(): Promise<void>;
}

type Handler = (event: unknown) => void;

/** Runs every handler even when one throws: one broken stream must not starve the others. */
function deliver(handlers: Iterable<Handler>, json: string, onError: (err: unknown) => void) {
  for (const handler of handlers) {
    try {
      handler(JSON.parse(json));
    } catch (err) {
      onError(err);
    }
  }
}

export class MemoryPubSub implements PubSub {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter();

  constructor(private readonly onError: (err: unknown) => void = () => undefined) {
    // One listener per open chat stream: thousands are normal, not a leak.
    this.emitter.setMaxListeners(0);
  }

  async publish(channel: string, event: unknown): Promise<void> {
    const json = toWireJson(event);
    // Delivered on a later tick, as over Redis: a publisher never runs subscriber code inline.
    const listeners = this.emitter.listeners(channel) as Handler[];
    if (listeners.length > 0) queueMicrotask(() => deliver(listeners, json, this.onError));
  }

  subscribe(channel: string, handler: Handler): Unsubscribe {
    this.emitter.on(channel, handler);
    return Object.assign(() => void this.emitter.off(channel, handler), { ready: Promise.resolve() });
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * One publishing and one subscribing connection per process (a subscribed Redis connection can do
 * nothing else). Each channel is subscribed once however many local handlers it has, and
 * unsubscribed when the last one leaves. `prefix` keeps parallel test runs on one Redis apart.
 */
export class RedisPubSub implements PubSub {
  readonly kind = 'redis' as const;
  private readonly handlers = new Map<string, Set<Handler>>();
  /** The SUBSCRIBE in flight or done for each channel with handlers. */
  private readonly subscribed = new Map<string, Promise<void>>();

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    private readonly onError: (err: unknown) => void,
  ) {
    sub.on('message', (channel: string, message: string) => {
      const set = this.handlers.get(channel.slice(prefix.length));
      if (set) deliver([...set], message, onError);
    });
  }

  static async connect(url: string, opts: { prefix?: string; onError?: (err: unknown) => void } = {}): Promise<RedisPubSub> {
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = new Redis(url, { lazyConnect: true });
    await Promise.all([pub.connect(), sub.connect()]);
    return new RedisPubSub(pub, sub, opts.prefix ?? '', opts.onError ?? (() => undefined));
  }

  async publish(channel: string, event: unknown): Promise<void> {
    await this.pub.publish(this.prefix + channel, toWireJson(event));
  }

  subscribe(channel: string, handler: Handler): Unsubscribe {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      this.subscribed.set(
        channel,
        this.sub.subscribe(this.prefix + channel).then(
          () => undefined,
          (err: unknown) => this.onError(err),
        ),
      );
    }
    set.add(handler);
    const ready = this.subscribed.get(channel) ?? Promise.resolve();
    let active = true;
    const unsubscribe = () => {
      if (!active) return;
      active = false;
      const current = this.handlers.get(channel);
      if (!current) return;
      current.delete(handler);
      if (current.size > 0) return;
      this.handlers.delete(channel);
      this.subscribed.delete(channel);
      this.sub.unsubscribe(this.prefix + channel).catch((err: unknown) => this.onError(err));
    };
    return Object.assign(unsubscribe, { ready });
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.subscribed.clear();
    await Promise.all([this.pub.quit(), this.sub.quit()]);
  }
}
