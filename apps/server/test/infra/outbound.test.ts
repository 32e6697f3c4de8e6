import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from '../../src/infra/outbound/address';
import { OutboundError, outboundFetch, type OutboundOptions, type Resolver } from '../../src/infra/outbound/fetch';

let server: Server;
let port: number;
const hosts: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hosts.push(req.headers.host ?? '');
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(req.url === '/big' ? 'x'.repeat(4096) : 'ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const options = (extra: Partial<OutboundOptions> = {}): OutboundOptions => ({
  policy: { allowPrivateNetwork: true },
  maxBodyBytes: 1024,
  signal: AbortSignal.timeout(3000),
  ...extra,
});

async function kindOf(p: Promise<unknown>): Promise<string> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(OutboundError);
  return (err as OutboundError).kind;
}

/** A DNS server under the attacker's control: each lookup gets the next answer. */
function rebinding(...answers: string[]): Resolver & { calls: number } {
  const resolver = Object.assign(
    async () => {
      const address = answers[Math.min(resolver.calls++, answers.length - 1)];
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    },
    { calls: 0 },
  );
  return resolver;
}

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['127.0.0.1', 'lan'],
    ['::1', 'lan'],
    ['10.1.2.3', 'lan'],
    ['172.31.255.255', 'lan'],
    ['192.168.0.1', 'lan'],
    ['100.64.0.1', 'lan'],
    ['fc00::1', 'lan'],
    ['::ffff:10.0.0.1', 'lan'],
    ['169.254.169.254', 'blocked'],
    ['169.254.0.1', 'blocked'],
    ['fe80::1', 'blocked'],
    ['febf::1', 'blocked'],
    ['::ffff:169.254.169.254', 'blocked'],
    ['::169.254.169.254', 'blocked'],
    ['64:ff9b::169.254.169.254', 'blocked'],
    ['2002:a9fe:a9fe::1', 'blocked'],
    ['100.100.100.200', 'blocked'],
    ['fd00:ec2::254', 'blocked'],
    ['0.0.0.0', 'blocked'],
    ['::', 'blocked'],
    ['224.0.0.1', 'blocked'],
    ['ff02::1', 'blocked'],
    ['255.255.255.255', 'blocked'],
    ['240.0.0.1', 'blocked'],
    ['not-an-ip', 'blocked'],
  ])('%s is %s', (address, verdict) => {
    expect(classifyAddress(address)).toBe(verdict);
  });
});

describe('outboundFetch', () => {
  it('reaches an allowed address and reports the connection', async () => {
    let connected = false;
    const res = await outboundFetch(`http://127.0.0.1:${port}/`, { method: 'GET' }, options({ onConnected: () => (connected = true) }));
    expect(await res.text()).toBe('ok');
    expect(connected).toBe(true);
  });

  it('refuses loopback, by address or through localhost, unless the policy allows private networks', async () => {
    const off = { policy: { allowPrivateNetwork: false } };
    expect(await kindOf(outboundFetch(`http://127.0.0.1:${port}/`, { method: 'GET' }, options(off)))).toBe('blocked');
    expect(await kindOf(outboundFetch(`http://localhost:${port}/`, { method: 'GET' }, options(off)))).toBe('blocked');
    expect(await (await outboundFetch(`http://localhost:${port}/`, { method: 'GET' }, options())).text()).toBe('ok');
  });

  it('refuses a host when any of its addresses is refused', async () => {
    const resolver: Resolver = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    expect(await kindOf(outboundFetch(`http://two.example:${port}/`, { method: 'GET' }, options({ resolver })))).toBe('blocked');
  });

  it('refuses schemes other than http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/', 'gopher://127.0.0.1:6379/_INFO']) {
      expect(await kindOf(outboundFetch(url, { method: 'GET' }, options()))).toBe('blocked');
    }
  });

  it('connects to the address it checked, not to what a second lookup would answer (DNS rebinding)', async () => {
    const before = hosts.length;
    const dns = rebinding('127.0.0.1', '169.254.169.254');
    const res = await outboundFetch(`http://rebind.example:${port}/`, { method: 'GET' }, options({ resolver: dns }));
    expect(await res.text()).toBe('ok');
    expect(dns.calls).toBe(1);
    // The Host header still names the host (virtual hosts and TLS keep working).
    expect(hosts.slice(before)).toEqual([`rebind.example:${port}`]);
  });

  it('never reaches loopback through a name that answered a public address at the check', async () => {
    const before = hosts.length;
    const dns = rebinding('93.184.215.14', '127.0.0.1');
    const policy = { allowPrivateNetwork: false };
    const run = outboundFetch(`http://rebind.example:${port}/`, { method: 'GET' }, options({ policy, resolver: dns, signal: AbortSignal.timeout(500) }));
    await run.then(
      (res) => res.body?.cancel(),
      () => undefined,
    );
    expect(dns.calls).toBe(1);
    expect(hosts.length).toBe(before);
  });

  it('calls a refused port and an unresolvable name alike, unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    let connected = false;
    expect(await kindOf(outboundFetch(`http://127.0.0.1:${closedPort}/`, { method: 'GET' }, options({ onConnected: () => (connected = true) })))).toBe('unreachable');
    expect(connected).toBe(false);
    expect(await kindOf(outboundFetch('http://no-such-host.invalid/', { method: 'GET' }, options()))).toBe('unreachable');
  });

  it('reports TLS spoken to a server that does not speak it as tls', async () => {
    expect(await kindOf(outboundFetch(`https://127.0.0.1:${port}/`, { method: 'GET' }, options()))).toBe('tls');
  });

  it('fails a body larger than the limit', async () => {
    const res = await outboundFetch(`http://127.0.0.1:${port}/big`, { method: 'GET' }, options({ maxBodyBytes: 1000 }));
    expect(await kindOf(res.text())).toBe('too_large');
  });
});
