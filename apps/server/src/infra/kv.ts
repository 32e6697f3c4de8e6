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
  close(): Promise<void>;
}

interface Entry {
  value: string;
  expiresAt: number | null;
}

export class MemoryKv implements KvStore {
  readonly kind = 'memory' as const;
  private readonly map = new Map<string, Entry>();

  /** The clock is injectable so tests can move time forward (lockouts, expiry). */
  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): Entry | null {
    const e = this.map.get(key);
    if (!e) return null;
    if (e.expiresAt !== null && e.expiresAt <= this.now()) {
      this.map.delete(key);
      return null;
    }
    return e;
  }

  async get<T>(key: string): Promise<T | null> {
    const e = this.live(key);
    return e ? (JSON.parse(e.value) as T) : null;
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    this.map.set(key, { value: JSON.stringify(value), expiresAt: ttlMs ? this.now() + ttlMs : null });
  }

  async take<T>(key: string): Promise<T | null> {
    const v = await this.get<T>(key);
    this.map.delete(key);
    return v;
  }

  async del(...keys: string[]): Promise<number> {
    let n = 0;
    for (const k of keys) if (this.live(k) && this.map.delete(k)) n++;
    return n;
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    const current = (await this.get<number>(key)) ?? 0;
    await this.set(key, current + 1, ttlMs);
    return current + 1;
  }

  async ttl(key: string): Promise<number> {
    const e = this.live(key);
    if (!e) return -2;
    return e.expiresAt === null ? -1 : e.expiresAt - this.now();
  }

  async keys(prefix: string): Promise<string[]> {
    return [...this.map.keys()].filter((k) => k.startsWith(prefix) && this.live(k));
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
    const out: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${this.k(prefix)}*`, 'COUNT', 500);
      cursor = next;
      for (const key of batch) out.push(key.slice(this.keyPrefix.length));
    } while (cursor !== '0');
    return out;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
