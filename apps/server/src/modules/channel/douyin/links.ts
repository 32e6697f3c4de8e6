import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '../../../app';

/**
 * Signed links of the Douyin binding pages (docs/channels.md «抖音配置 and binding»): a bind link opens
 * /dyLogin, a switch link opens /dySwitch, and the OAuth `state` carried through the platform's authorise
 * page. Each is `<claims>.<mac>` in base64url, the MAC an HMAC-SHA256 under a key derived from the JWT
 * secret, so nothing but this server can make one and a link for one purpose or app is no good for another.
 */

export type LinkPurpose = 'bind' | 'switch' | 'state';

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  /** Long enough to send the link to the account's owner and have them scan. */
  bind: 30 * 60_000,
  /** A working day for the person choosing who serves the account. */
  switch: 24 * 3600_000,
  /** From opening the QR page to scanning it; the platform's own code lives 10 minutes after that. */
  state: 15 * 60_000,
};

export const LinkMsg = {
  EXPIRED: '链接已过期，请向管理员重新获取',
  INVALID: '链接无效',
} as const;

export interface LinkClaims {
  purpose: LinkPurpose;
  appId: number;
  /** The agent that answers the accounts bound through this link. */
  agentId?: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  /** One-time states only: the key of their single use. */
  nonce?: string;
}

const claimsSchema = z.object({
  purpose: z.enum(['bind', 'switch', 'state']),
  appId: z.number().int().positive(),
  agentId: z.number().int().positive().optional(),
  expiresAt: z.number().int(),
  nonce: z.string().regex(/^[\w-]{16,64}$/).optional(),
});

/** Far longer than any link this module makes: a longer token is refused before any work. */
export const LINK_TOKEN_MAX = 512;

type Deps = Pick<AppDeps, 'config' | 'now'>;

const keys = new Map<string, Buffer>();
function linkKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    // Its own key, so a link MAC can never pass for a visitor token or anything else signed with the secret.
    key = createHmac('sha256', secret).update('acs douyin links v1').digest();
    keys.set(secret, key);
  }
  return key;
}

const mac = (deps: Deps, body: string) => createHmac('sha256', linkKey(deps.config.jwtSecret)).update(body).digest();

export function signLink(deps: Deps, claims: Omit<LinkClaims, 'expiresAt'>): { token: string; expiresTime: Date } {
  const expiresAt = deps.now() + LINK_LIFETIME_MS[claims.purpose];
  const body = Buffer.from(JSON.stringify({ ...claims, expiresAt })).toString('base64url');
  return { token: `${body}.${mac(deps, body).toString('base64url')}`, expiresTime: new Date(expiresAt) };
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** The claims of a link made here for `purpose`; a forged, altered or other-purpose token is 'invalid'. */
export function verifyLink(deps: Deps, token: string, purpose: LinkPurpose): LinkCheck {
  const parts = token.length <= LINK_TOKEN_MAX ? token.split('.') : [];
  if (parts.length !== 2) return { ok: false, reason: 'invalid' };
  const [body, given] = parts;
  const expected = mac(deps, body);
  const givenMac = Buffer.from(given, 'base64url');
  if (givenMac.length !== expected.length || !timingSafeEqual(givenMac, expected)) return { ok: false, reason: 'invalid' };
  let parsed: z.ZodSafeParseResult<LinkClaims>;
  try {
    parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!parsed.success || parsed.data.purpose !== purpose) return { ok: false, reason: 'invalid' };
  if (parsed.data.expiresAt <= deps.now()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: parsed.data };
}

/** Nonces of states not used yet; the key-value store makes "used" hold across instances. */
const STATE_KEY = 'douyin_state:';

/** A one-time OAuth state for the app (and agent) of a bind link. */
export async function issueState(deps: Deps & Pick<AppDeps, 'kv'>, link: Pick<LinkClaims, 'appId' | 'agentId'>): Promise<string> {
  const nonce = randomBytes(18).toString('base64url');
  const signed = signLink(deps, { purpose: 'state', appId: link.appId, agentId: link.agentId, nonce });
  await deps.kv.set(STATE_KEY + nonce, 1, LINK_LIFETIME_MS.state);
  return signed.token;
}

/**
 * Checks a state and uses it up: the nonce is taken (read and deleted in one step), so of two callbacks
 * with the same state, on any instances, one gets the claims and the other 'expired'.
 */
export async function consumeState(deps: Deps & Pick<AppDeps, 'kv'>, token: string): Promise<LinkCheck> {
  const check = verifyLink(deps, token, 'state');
  if (!check.ok) return check;
  if (!check.claims.nonce) return { ok: false, reason: 'invalid' };
  const unused = await deps.kv.take<number>(STATE_KEY + check.claims.nonce);
  return unused === null ? { ok: false, reason: 'expired' } : check;
}
