import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { decryptSecret } from '../../../infra/crypto';
import type { LlmTarget } from '../../../infra/llm/openai';
import { aiModelProvider } from '../../../db/schema';
import { isConfigEnabled } from '../../system/config/service';

/** System parameter (参数设置): model services on loopback and LAN addresses may be called; off when missing. */
export const ALLOW_PRIVATE_NETWORK_KEY = 'ai.model.allowPrivateNetwork';

/** Where model calls may go, read from the system parameter at each call (a change applies at once). */
export async function modelTarget(deps: Pick<AppDeps, 'kv' | 'database'>): Promise<LlmTarget> {
  return { policy: { allowPrivateNetwork: await isConfigEnabled(deps, ALLOW_PRIVATE_NETWORK_KEY, false) } };
}

export interface RuntimeProvider {
  providerId: number;
  name: string;
  baseUrl: string;
  /** Decrypted: for the outgoing request only, never for logs or responses. */
  apiKey: string;
  timeoutMs: number;
  /** '0' enabled, '1' disabled. */
  status: string;
  defaultModel: string;
  /** '' when the provider has no embeddings model. */
  embeddingModel: string;
  target: LlmTarget;
}

/**
 * A key stored under another ENCRYPTION_KEY (or damaged) cannot be used: the turn then goes out without
 * one, the provider refuses it as an auth error and the conversation falls back, which tells staff to
 * re-enter the key, instead of the turn failing outright.
 */
function readableKey(encryptionKey: string, stored: string): string {
  if (!stored) return '';
  try {
    return decryptSecret(encryptionKey, stored);
  } catch {
    return '';
  }
}

/** A provider as a turn needs it, or null when it no longer exists. */
export async function loadProviderForRuntime(deps: Pick<AppDeps, 'database' | 'config' | 'kv'>, providerId: number): Promise<RuntimeProvider | null> {
  const [row] = await deps.database.db.select().from(aiModelProvider).where(eq(aiModelProvider.providerId, providerId)).limit(1);
  if (!row) return null;
  return {
    providerId: row.providerId,
    name: row.name,
    baseUrl: row.baseUrl,
    apiKey: readableKey(deps.config.encryptionKey, row.apiKeyEnc),
    timeoutMs: row.timeoutMs,
    status: row.status,
    defaultModel: row.defaultModel,
    embeddingModel: row.embeddingModel,
    target: await modelTarget(deps),
  };
}
