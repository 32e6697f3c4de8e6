import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch, Response, type RequestInit } from 'undici';
import { classifyAddress, isMetadataHost } from './address';

/** Where the deployment lets outbound calls go (docs/ai-service.md §出站请求). */
export interface OutboundPolicy {
  /** Loopback, private and CGNAT addresses (a model on this machine or the LAN); link-local and metadata never. */
  allowPrivateNetwork: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Host name → every address it has. Injectable so tests can play a rebinding DNS server. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Why an outbound call failed, in kinds a caller turns into one fixed message each. The kinds are
 * deliberately coarse: a refused port, an unreachable host and a failed DNS lookup are all `unreachable`,
 * so the answer does not tell a caller probing the network which ports are open.
 */
export type OutboundErrorKind = 'blocked' | 'unreachable' | 'tls' | 'too_large';

export const ADDRESS_NOT_ALLOWED = '不允许访问该地址（内网或云元数据地址）';

export class OutboundError extends Error {
  constructor(readonly kind: OutboundErrorKind) {
    super(kind === 'blocked' ? ADDRESS_NOT_ALLOWED : `outbound ${kind}`);
    this.name = 'OutboundError';
  }
}

export interface OutboundOptions {
  policy: OutboundPolicy;
  /** Largest response body read; beyond it the body stream fails with `too_large`. */
  maxBodyBytes: number;
  /** Aborting it ends the exchange and closes its connection. */
  signal: AbortSignal;
  resolver?: Resolver;
  /** Called once the TCP (and TLS) connection stands: a timeout before it means the host was not reachable. */
  onConnected?: () => void;
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$|HOSTNAME_MISMATCH$)/;

/** `fetch failed` carries the socket's error as its cause: a TLS failure, or any other way of not getting through. */
function failureKind(err: unknown): OutboundErrorKind {
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' && TLS_CODES.test(cause.code) ? 'tls' : 'unreachable';
}

/**
 * Resolves the host once and judges every address it has (one bad address refuses the host: DNS
 * decides which one a later connection would use). Returns the address to connect to.
 */
export async function checkedAddress(url: URL, policy: OutboundPolicy, resolver: Resolver): Promise<ResolvedAddress> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (isMetadataHost(hostname)) throw new OutboundError('blocked');
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolver(hostname);
  } catch {
    throw new OutboundError('unreachable');
  }
  if (addresses.length === 0) throw new OutboundError('unreachable');
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (verdict === 'blocked' || (verdict === 'lan' && !policy.allowPrivateNetwork)) throw new OutboundError('blocked');
  }
  return addresses[0];
}

/** A DNS lookup for the socket that answers only the address already checked: no second resolution, no rebinding window. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (err: null, addresses: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** Counts the body as it streams and fails it past the limit; closes the connection at its end. */
function limitedBody(body: ReadableStream<Uint8Array>, maxBytes: number, done: () => void): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) controller.error(new OutboundError('too_large'));
        else controller.enqueue(chunk);
      },
      flush: done,
    }),
  );
}

/**
 * The one way the server calls out (LLM providers today; Douyin and webhooks later): http(s) only,
 * the host resolved and checked against the policy, the connection made to that checked address (the
 * Host header and TLS server name stay the host name), redirects not followed (a 3xx is the answer),
 * the body capped. Network failures become OutboundError; the caller's abort passes through as is.
 */
export async function outboundFetch(target: string, init: Omit<RequestInit, 'signal' | 'dispatcher' | 'redirect'>, opts: OutboundOptions): Promise<Response> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundError('unreachable');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('blocked');
  const pinned = await checkedAddress(url, opts.policy, opts.resolver ?? systemResolver);
  opts.signal.throwIfAborted();

  const connector = buildConnector({ lookup: pinnedLookup(pinned) });
  const agent = new Agent({
    connect: (options, callback) =>
      connector(options, (err, socket) => {
        if (!err) opts.onConnected?.();
        // undici's callback takes (null, socket) or (err, null): the overloads do not narrow from the union.
        (callback as (e: Error | null, s: typeof socket) => void)(err, socket);
      }),
  });
  const close = () => void agent.destroy().catch(() => undefined);
  opts.signal.addEventListener('abort', close, { once: true });
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'manual', signal: opts.signal, dispatcher: agent });
  } catch (err) {
    close();
    if (opts.signal.aborted) throw err;
    throw new OutboundError(failureKind(err));
  }
  if (!res.body) {
    close();
    return res;
  }
  return new Response(limitedBody(res.body, opts.maxBodyBytes, close), { status: res.status, statusText: res.statusText, headers: res.headers });
}
