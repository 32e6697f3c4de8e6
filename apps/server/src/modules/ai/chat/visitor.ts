import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Code } from '@acs/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { aiConversation } from '../../../db/schema';
import type { ConversationRow } from '../runtime/messages';

/** 32 characters of base64url: 192 random bits, unguessable and fine in a URL. */
export const newVisitorId = () => randomBytes(24).toString('base64url');

/** The visitor's proof of its id: an HMAC under the server's secret, so ids cannot be made up. */
export const visitorToken = (secret: string, visitorId: string) => createHmac('sha256', secret).update(visitorId).digest('base64url');

export function isVisitorToken(secret: string, visitorId: string, token: string): boolean {
  const expected = Buffer.from(visitorToken(secret, visitorId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const VisitorMsg = {
  FORBIDDEN: '访客身份校验失败，请刷新页面后重试',
} as const;

/** The conversation a visitor names, when its token proves the visitor owns it; one message for both failures. */
export async function visitorConversation(
  deps: Pick<AppDeps, 'database' | 'config'>,
  conversationId: number,
  token: string,
): Promise<ConversationRow> {
  const [row] = await deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, conversationId)).limit(1);
  if (!row || row.channel === 'debug' || !isVisitorToken(deps.config.jwtSecret, row.visitorId, token)) {
    throw new ServiceError(VisitorMsg.FORBIDDEN, Code.FORBIDDEN);
  }
  return row;
}
