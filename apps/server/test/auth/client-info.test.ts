import { describe, expect, it } from 'vitest';
import { ipLocation, isIpListed, parseUserAgent, resolveClientIp } from '../../src/core/client-info';

describe('client address', () => {
  it('ignores forwarding headers unless a proxy is trusted', () => {
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    expect(resolveClientIp(headers, '10.0.0.2', false)).toBe('10.0.0.2');
    expect(resolveClientIp(headers, '10.0.0.2', true)).toBe('203.0.113.7');
  });

  it('takes the forwarded entry the trusted proxy added, never what the client wrote in front of it', () => {
    expect(resolveClientIp({ 'x-forwarded-for': '1.2.3.4, 198.51.100.1' }, '10.0.0.2', true)).toBe('198.51.100.1');
    expect(resolveClientIp({ 'x-forwarded-for': ['1.2.3.4', '198.51.100.5'] }, '10.0.0.2', true)).toBe('198.51.100.5');
    // An `unknown` from the proxy leaves only the client's own claims before it: the next header decides.
    expect(resolveClientIp({ 'x-forwarded-for': '1.2.3.4, unknown', 'x-real-ip': '198.51.100.3' }, '10.0.0.2', true)).toBe('198.51.100.3');
    expect(resolveClientIp({ 'x-forwarded-for': '1.2.3.4, unknown' }, '10.0.0.2', true)).toBe('10.0.0.2');
  });

  it('takes the other proxy headers in the contract order when X-Forwarded-For is absent', () => {
    expect(resolveClientIp({ 'x-forwarded-for': 'unknown', 'proxy-client-ip': '198.51.100.2', 'x-real-ip': '198.51.100.3' }, '10.0.0.2', true)).toBe('198.51.100.2');
    expect(resolveClientIp({ 'x-real-ip': '198.51.100.3' }, '10.0.0.2', true)).toBe('198.51.100.3');
  });

  it('writes IPv6 loopback and IPv4-mapped addresses as plain IPv4', () => {
    expect(resolveClientIp({}, '::1', false)).toBe('127.0.0.1');
    expect(resolveClientIp({}, '0:0:0:0:0:0:0:1', false)).toBe('127.0.0.1');
    expect(resolveClientIp({}, '::ffff:192.168.1.9', false)).toBe('192.168.1.9');
  });

  it('locates private addresses as 内网IP and others with the placeholder', () => {
    for (const ip of ['127.0.0.1', '10.20.30.40', '172.16.0.1', '172.31.255.255', '192.168.0.1']) expect(ipLocation(ip)).toBe('内网IP');
    for (const ip of ['172.32.0.1', '8.8.8.8', '192.169.0.1']) expect(ipLocation(ip)).toBe('XX XX');
  });
});

describe('IP blacklist syntax', () => {
  const list = '1.2.3.4; 10.*.*.*;172.16.5.*;192.168.1.200-192.168.1.100';

  it('matches exact addresses, wildcards and ranges in either order', () => {
    for (const ip of ['1.2.3.4', '10.9.8.7', '172.16.5.250', '192.168.1.100', '192.168.1.150', '192.168.1.200']) {
      expect(isIpListed(list, ip), ip).toBe(true);
    }
    for (const ip of ['1.2.3.5', '11.0.0.1', '172.16.6.1', '192.168.1.99', '192.168.1.201', '::1']) {
      expect(isIpListed(list, ip), ip).toBe(false);
    }
  });

  it('blocks nothing when empty and everything with *.*.*.*', () => {
    expect(isIpListed('', '1.2.3.4')).toBe(false);
    expect(isIpListed('*.*.*.*', '1.2.3.4')).toBe(true);
  });
});

describe('User-Agent', () => {
  it('names browser and OS with their versions', () => {
    const ua = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
    expect(parseUserAgent(ua)).toEqual({ browser: 'Safari 17', os: 'macOS 10.15.7' });
  });

  it('says Unknown when there is nothing to parse', () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: 'Unknown', os: 'Unknown' });
  });
});
