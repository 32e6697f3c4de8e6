import { describe, expect, it } from 'vitest';
import {
  CONNECTOR_MAX_PATH_LENGTH,
  CONNECTOR_NONCE_PATTERN,
  CONNECTOR_SIGNING_SCHEME,
  CONNECTOR_TIMESTAMP_PATTERN,
  connectorCanonicalString,
  connectorPathProblem,
  type ConnectorCanonicalParts,
} from './connector-signing';

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const parts: ConnectorCanonicalParts = {
  method: 'POST',
  path: '/prod-api/channel/boss/connector/messages?since=1&limit=20',
  timestamp: '1795000000',
  nonce: 'AbCdEfGhIjKlMnOp_-12',
  keyId: 'ck_0123456789abcdef01234567',
  bodySha256: EMPTY_SHA256,
};

describe('connector canonical string', () => {
  it('joins the seven parts with LF in the documented order, no trailing newline', () => {
    expect(connectorCanonicalString(parts)).toBe(
      [CONNECTOR_SIGNING_SCHEME, 'POST', parts.path, '1795000000', parts.nonce, parts.keyId, EMPTY_SHA256].join('\n'),
    );
    expect(connectorCanonicalString(parts).endsWith('\n')).toBe(false);
  });

  it('keeps the query exactly as sent (no sorting, no decoding)', () => {
    const path = '/x?b=2&a=%E4%BD%A0';
    expect(connectorCanonicalString({ ...parts, path }).split('\n')[2]).toBe(path);
  });

  it.each([
    ['lower-case method', { method: 'post' }],
    ['method with a newline', { method: 'POST\n' }],
    ['path without leading slash', { path: 'x/y' }],
    ['absolute URL', { path: 'https://example.com/x' }],
    ['path with a newline', { path: '/x\n/y' }],
    ['path with a space', { path: '/x y' }],
    ['path with a fragment', { path: '/x#y' }],
    ['path with non-ASCII', { path: '/你好' }],
    ['over-long path', { path: `/${'a'.repeat(CONNECTOR_MAX_PATH_LENGTH)}` }],
    ['fractional timestamp', { timestamp: '1795000000.5' }],
    ['signed timestamp', { timestamp: '-1' }],
    ['leading-zero timestamp', { timestamp: '01795000000' }],
    ['short nonce', { nonce: 'abc' }],
    ['nonce with a colon', { nonce: 'abcdefghijklmnop:q' }],
    ['malformed key id', { keyId: 'ck_XYZ' }],
    ['upper-case body hash', { bodySha256: EMPTY_SHA256.toUpperCase() }],
    ['short body hash', { bodySha256: 'abcd' }],
  ])('refuses a %s', (_label, change: Partial<ConnectorCanonicalParts>) => {
    expect(() => connectorCanonicalString({ ...parts, ...change })).toThrow();
  });

  it('explains path problems in Chinese', () => {
    expect(connectorPathProblem('/ok?a=1')).toBeNull();
    expect(connectorPathProblem('nope')).toBe('请求路径格式错误');
    expect(connectorPathProblem(`/${'a'.repeat(CONNECTOR_MAX_PATH_LENGTH)}`)).toMatch(/过长/);
  });

  it('documents the nonce and timestamp formats as patterns', () => {
    expect(CONNECTOR_NONCE_PATTERN.test('a'.repeat(16))).toBe(true);
    expect(CONNECTOR_NONCE_PATTERN.test('a'.repeat(65))).toBe(false);
    expect(CONNECTOR_TIMESTAMP_PATTERN.test('0')).toBe(true);
    expect(CONNECTOR_TIMESTAMP_PATTERN.test('1'.repeat(13))).toBe(false);
  });
});
