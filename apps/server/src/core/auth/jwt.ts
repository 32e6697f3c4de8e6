import { SignJWT, jwtVerify } from 'jose';

const ALG = 'HS512';
/** Claim naming the session, as RuoYi clients and tokens know it. */
const SESSION_CLAIM = 'login_user_key';

export interface TokenCodec {
  sign(tokenId: string, userName: string): Promise<string>;
  /** The session id of a well-signed token, else null. */
  read(token: string): Promise<string | null>;
}

/** Verified tokens remembered per codec; the oldest is forgotten first. */
const VERIFIED_MAX = 10_000;

/** The JWT only points at a session; expiry lives with the session, so no exp/iat claims. */
export function createTokenCodec(secret: string): TokenCodec {
  const key = new TextEncoder().encode(secret);
  // Without time claims a token that verified once verifies forever under this key, so every
  // request after the first skips the HMAC (about half a millisecond through WebCrypto). Only
  // well-signed tokens are remembered, so callers cannot fill the map with garbage.
  const verified = new Map<string, string>();
  return {
    sign: (tokenId, userName) =>
      new SignJWT({ [SESSION_CLAIM]: tokenId }).setProtectedHeader({ alg: ALG }).setSubject(userName).sign(key),
    async read(token) {
      const known = verified.get(token);
      if (known !== undefined) return known;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG] });
        const id = payload[SESSION_CLAIM];
        if (typeof id !== 'string' || id === '') return null;
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, id);
        return id;
      } catch {
        return null;
      }
    },
  };
}

/** `Authorization: Bearer <jwt>`; a raw token without the prefix is accepted as well. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token === '' ? null : token;
}
