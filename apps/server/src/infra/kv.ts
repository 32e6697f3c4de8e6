import { Redis } from 'ioredis';

/**
 * Key-value store behind sessions, captchas, login-failure counters and caches:
 * in-process by default, Redis when REDIS_URL is set. Values are JSON.
 */
export interface KvStore {
  readonly kind: 'memory' | 'redis';
  get<T>(key: string): Promise<T | null>;
  set(key: string, value: unknown, ttlMs?: number): Promise<void>;
  /** Reads and deletes in one step (one-shot values such as captcha answers). */
  take<T>(key: string): Promise<T | null>;
  del(...keys: string[]): Promise<number>;
  /** Increments a counter and (re)sets its time to live. */
  incr(key: string, ttlMs: number): Promise<number>;
  /** Remaining time to live in ms; -1 without expiry, -2 when missing. */
  ttl(key: string): Promise<number>;
  /** Keys starting with the prefix (SCAN on Redis, never KEYS). */
  keys(prefix: string): Promise<string[]>;
  /** At most `limit` keys starting with the prefix, and whether that was all of them (monitor views). */
  scanKeys(prefix: string, limit: number): Promise<{ keys: string[]; complete: boolean }>;
  close(): Promise<void>;
}

interface Entry {
  value: string;
  expiresAt: number | null;
}

/** What the cache monitor shows of the in-process store, in place of Redis INFO. */
export interface MemoryKvStats {
  /** Live and not yet purged expired entries. */
  entries: number;
  /** Rough bytes held: keys and JSON values as UTF-16 plus a fixed overhead per entry. */
  bytesEstimate: number;
  /** Reads (get, take) that found a live key, and those that did not. */
  hits: number;
  misses: number;
  /** Calls per operation since start. */
  commands: Record<MemoryKvCommand, number>;
  startedAt: number;
}

type MemoryKvCommand = 'get' | 'set' | 'take' | 'del' | 'incr' | 'ttl' | 'keys' | 'scan';

/** Map entry, hidden-class and string header costs of V8, roughly; the figure is an estimate by design. */
const ENTRY_OVERHEAD_BYTES = 80;

export class MemoryKv implements KvStore {
  readonly kind = 'memory' as const;
  private readonly map = new Map<string, Entry>();
  // Plain counters bumped per call: cheap enough to keep always on.
  private readonly commands: Record<MemoryKvCommand, number> = { get: 0, set: 0, take: 0, del: 0, incr: 0, ttl: 0, keys: 0, scan: 0 };
  private hits = 0;
  private misses = 0;
  private readonly startedAt: number;

  /** The clock is injectable so tests can move time forward (lockouts, expiry). */
  constructor(private readonly now: () => number = Date.now) {
    this.startedAt = now();
  }

  private live(key: string): Entry | null {
    const e = this.map.get(key);
    if (!e) return null;
    if (e.expiresAt !== null && e.expiresAt <= this.now()) {
      this.map.delete(key);
      return null;
    }
    return e;
  }

  private read(key: string): Entry | null {
    const e = this.live(key);
    if (e) this.hits++;
    else this.misses++;
    return e;
  }

  private put(key: string, value: unknown, ttlMs?: number): void {
    this.map.set(key, { value: JSON.stringify(value), expiresAt: ttlMs ? this.now() + ttlMs : null });
  }

  async get<T>(key: string): Promise<T | null> {
    this.commands.get++;
    const e = this.read(key);
    return e ? (JSON.parse(e.value) as T) : null;
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    this.commands.set++;
    this.put(key, value, ttlMs);
  }

  async take<T>(key: string): Promise<T | null> {
    this.commands.take++;
    const e = this.read(key);
    this.map.delete(key);
    return e ? (JSON.parse(e.value) as T) : null;
  }

  async del(...keys: string[]): Promise<number> {
    this.commands.del++;
    let n = 0;
    for (const k of keys) if (this.live(k) && this.map.delete(k)) n++;
    return n;
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    this.commands.incr++;
    const e = this.live(key);
    const next = (e ? (JSON.parse(e.value) as number) : 0) + 1;
    this.put(key, next, ttlMs);
    return next;
  }

  async ttl(key: string): Promise<number> {
    this.commands.ttl++;
    const e = this.live(key);
    if (!e) return -2;
    return e.expiresAt === null ? -1 : e.expiresAt - this.now();
  }

  async keys(prefix: string): Promise<string[]> {
    this.commands.keys++;
    return [...this.map.keys()].filter((k) => k.startsWith(prefix) && this.live(k));
  }

  async scanKeys(prefix: string, limit: number): Promise<{ keys: string[]; complete: boolean }> {
    this.commands.scan++;
    const keys: string[] = [];
    for (const k of this.map.keys()) {
      if (!k.startsWith(prefix) || !this.live(k)) continue;
      if (keys.length === limit) return { keys, complete: false };
      keys.push(k);
    }
    return { keys, complete: true };
  }

  stats(): MemoryKvStats {
    let bytes = 0;
    for (const [k, e] of this.map) bytes += (k.length + e.value.length) * 2 + ENTRY_OVERHEAD_BYTES;
    return {
      entries: this.map.size,
      bytesEstimate: bytes,
      hits: this.hits,
      misses: this.misses,
      commands: { ...this.commands },
      startedAt: this.startedAt,
    };
  }

  async close(): Promise<void> {
    this.map.clear();
  }
}

export class RedisKv implements KvStore {
  readonly kind = 'redis' as const;

  /** keyPrefix isolates parallel test runs that share one Redis. */
  constructor(readonly redis: Redis, private readonly keyPrefix = '') {}

  static async connect(url: string, keyPrefix = ''): Promise<RedisKv> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    return new RedisKv(redis, keyPrefix);
  }

  private k(key: string) {
    return this.keyPrefix + key;
  }

  async get<T>(key: string): Promise<T | null> {
    const v = await this.redis.get(this.k(key));
    return v === null ? null : (JSON.parse(v) as T);
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    const json = JSON.stringify(value);
    if (ttlMs) await this.redis.set(this.k(key), json, 'PX', ttlMs);
    else await this.redis.set(this.k(key), json);
  }

  async take<T>(key: string): Promise<T | null> {
    const v = await this.redis.getdel(this.k(key));
    return v === null ? null : (JSON.parse(v) as T);
  }

  async del(...keys: string[]): Promise<number> {
    return keys.length ? this.redis.del(...keys.map((k) => this.k(k))) : 0;
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    const [[, n]] = (await this.redis.multi().incr(this.k(key)).pexpire(this.k(key), ttlMs).exec()) as [[null, number]];
    return n;
  }

  async ttl(key: string): Promise<number> {
    const t = await this.redis.pttl(this.k(key));
    return t;
  }

  async keys(prefix: string): Promise<string[]> {
    return (await this.scanKeys(prefix, Infinity)).keys;
  }

  /**
   * SCAN with MATCH `<prefix>*`: glob characters in the prefix would widen the match, so callers pass
   * only their own fixed prefixes. SCAN may return a key twice; the set drops the repeats.
   */
  async scanKeys(prefix: string, limit: number): Promise<{ keys: string[]; complete: boolean }> {
    const out = new Set<string>();
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${this.k(prefix)}*`, 'COUNT', 500);
      cursor = next;
      for (const key of batch) {
        if (out.size === limit) return { keys: [...out], complete: false };
        out.add(key.slice(this.keyPrefix.length));
      }
    } while (cursor !== '0');
    return { keys: [...out], complete: true };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
