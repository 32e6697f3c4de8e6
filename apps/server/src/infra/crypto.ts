import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * ENCRYPTION_KEY is already a long random secret (config requires 32+ characters or generates one),
 * so HKDF is enough to turn it into an AES key; no password stretching needed. Derived once per key.
 */
const derived = new Map<string, Buffer>();
function aesKey(key: string): Buffer {
  let k = derived.get(key);
  if (!k) {
    k = Buffer.from(hkdfSync('sha256', key, 'acs-secrets', 'aes-256-gcm v1', 32));
    derived.set(key, k);
  }
  return k;
}

/** AES-256-GCM; stored as `v1:<iv>:<tag>:<ciphertext>` in base64url. */
export function encryptSecret(key: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', aesKey(key), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join(':');
}

/** Throws when the value was altered or was encrypted under another key. */
export function decryptSecret(key: string, stored: string): string {
  const parts = stored.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('密文格式无法识别');
  const [iv, tag, data] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('密文格式无法识别');
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey(key), iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('密文校验失败：数据被篡改或加密密钥已更换');
  }
}

const MASK = '****';

/** 'sk-****abcd': the first 3 and last 4 characters; secrets under 12 characters show nothing. */
export function maskSecret(plain: string): string {
  if (!plain) return '';
  if (plain.length < 12) return MASK;
  return `${plain.slice(0, 3)}${MASK}${plain.slice(-4)}`;
}
