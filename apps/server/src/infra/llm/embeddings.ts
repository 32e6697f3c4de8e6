import { badResponseError } from './errors';
import { Call, endpoint, type LlmTarget } from './openai';

export interface EmbedTextsOptions {
  /** e.g. https://api.openai.com/v1 (a trailing slash is fine). */
  baseUrl: string;
  apiKey: string;
  model: string;
  input: string[];
  /** Longest wait for each request's answer (one request per batch). */
  timeoutMs: number;
  signal?: AbortSignal;
  target: LlmTarget;
}

/** OpenAI accepts up to 2048 inputs a call, smaller providers far fewer; 64 suits all of them and keeps an answer small. */
export const EMBED_BATCH = 64;

/** Largest embedding in use is 4096 wide; anything wider is not an embedding model's answer. */
const MAX_DIMS = 8192;

interface EmbeddingItem {
  index?: unknown;
  embedding?: unknown;
}

/**
 * Checks one answer against its batch: one embedding per input, each index once, every value a
 * finite number, all as wide as `dims` (the width of the first embedding seen, across batches).
 */
function readBatch(parsed: unknown, count: number, dims: number | null): number[][] {
  const data = (parsed as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== count) throw badResponseError();
  const out: number[][] = new Array<number[]>(count);
  for (const [position, raw] of data.entries()) {
    const item = raw as EmbeddingItem | null;
    // Providers that leave out `index` answer in input order.
    const index = item?.index === undefined ? position : item.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count || out[index]) throw badResponseError();
    const vector = item?.embedding;
    if (!Array.isArray(vector) || vector.length === 0 || vector.length > MAX_DIMS) throw badResponseError();
    if ((dims ?? vector.length) !== vector.length) throw badResponseError();
    if (!vector.every((v) => typeof v === 'number' && Number.isFinite(v))) throw badResponseError();
    dims = vector.length;
    out[index] = vector as number[];
  }
  return out;
}

/**
 * Embeddings of `input` in order (`POST {baseUrl}/embeddings`, OpenAI-compatible), in batches of
 * EMBED_BATCH, each through the outbound guard with its own timeout. Throws LlmError (a malformed
 * answer is `bad_response`); an abort through `signal` rejects with the signal's reason.
 */
export async function embedTexts(opts: EmbedTextsOptions): Promise<number[][]> {
  const vectors: number[][] = [];
  let dims: number | null = null;
  for (let start = 0; start < opts.input.length; start += EMBED_BATCH) {
    const batch = opts.input.slice(start, start + EMBED_BATCH);
    const call = new Call(opts);
    try {
      const res = await call.fetch(endpoint(opts.baseUrl, '/embeddings'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ model: opts.model, input: batch, encoding_format: 'float' }),
      });
      const read = readBatch(await call.json(res), batch.length, dims);
      dims = read[0].length;
      vectors.push(...read);
    } finally {
      call.end();
    }
  }
  return vectors;
}
