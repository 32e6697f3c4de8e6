import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, maskSecret } from '../../src/infra/crypto';

const KEY = 'unit-test-encryption-key-0123456789abcdef';

describe('infra/crypto', () => {
  it('round-trips a secret, with a fresh IV each time and no plain text in the stored form', () => {
    const a = encryptSecret(KEY, 'sk-live-密钥-abcdef123456');
    const b = encryptSecret(KEY, 'sk-live-密钥-abcdef123456');
    expect(a).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('abcdef');
    expect(decryptSecret(KEY, a)).toBe('sk-live-密钥-abcdef123456');
    expect(decryptSecret(KEY, b)).toBe('sk-live-密钥-abcdef123456');
  });

  it('refuses altered ciphertext, an altered tag, another key and unknown formats', () => {
    const stored = encryptSecret(KEY, 'sk-abcdefghijklmnop');
    const [v, iv, tag, data] = stored.split(':');
    const flip = (s: string) => {
      const buf = Buffer.from(s, 'base64url');
      buf[0] ^= 1;
      return buf.toString('base64url');
    };
    expect(() => decryptSecret(KEY, [v, iv, tag, flip(data)].join(':'))).toThrow('密文校验失败');
    expect(() => decryptSecret(KEY, [v, iv, flip(tag), data].join(':'))).toThrow('密文校验失败');
    expect(() => decryptSecret(KEY, [v, flip(iv), tag, data].join(':'))).toThrow('密文校验失败');
    expect(() => decryptSecret('another-key-another-key-another-key-0000', stored)).toThrow('密文校验失败');
    expect(() => decryptSecret(KEY, 'sk-abcdefghijklmnop')).toThrow('密文格式无法识别');
    expect(() => decryptSecret(KEY, stored.replace(/^v1/, 'v2'))).toThrow('密文格式无法识别');
  });

  it('masks keeping the first 3 and last 4 characters, short secrets entirely', () => {
    expect(maskSecret('sk-1234567890abcd')).toBe('sk-****abcd');
    expect(maskSecret('sk-12345')).toBe('****');
    expect(maskSecret('')).toBe('');
  });
});
