import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret } from '../../../infra/crypto';

/**
 * A per-account BOSS直聘 connector key. The key id is public (it travels in X-Connector-Key-Id and may be
 * listed in the console); the secret is shown once, at creation or rotation, and never returned again.
 */
export interface ConnectorKey {
  keyId: string;
  secret: string;
}

/** Key id format: CONNECTOR_KEY_ID_PATTERN in @acs/shared. 12 random bytes make key ids unguessable enough that "unknown key" reveals nothing useful. */
export function generateConnectorKey(): ConnectorKey {
  return { keyId: `ck_${randomBytes(12).toString('hex')}`, secret: `cks_${randomBytes(32).toString('base64url')}` };
}

/*
 * Storage: HMAC verification needs the secret itself, so a one-way hash (as for passwords) cannot be
 * stored. Keep only the sealed form — AES-256-GCM under ENCRYPTION_KEY via infra/crypto — next to the key
 * id, unseal it per verification, and never log it or send it back to the console.
 */

export function sealConnectorSecret(encryptionKey: string, secret: string): string {
  return encryptSecret(encryptionKey, secret);
}

/** Throws (without the secret in the message) when the sealed value was altered or ENCRYPTION_KEY changed. */
export function unsealConnectorSecret(encryptionKey: string, sealed: string): string {
  return decryptSecret(encryptionKey, sealed);
}
