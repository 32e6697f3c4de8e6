import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The key the fake accepts unless another is given. */
export const FAKE_OPENAI_KEY = 'sk-fake-openai-test-0001';

/**
 * Behaviour is chosen by the requested model:
 * - fake-echo: "你好，" + the last user message in several chunks, then usage;
 * - fake-slow: like fake-echo with 300 ms between chunks (after the first text chunk);
 * - fake-hang: response headers, then nothing;
 * - fake-error: HTTP 500; fake-ratelimit: HTTP 429 with retry-after;
 * - fake-nousage: like fake-echo without the usage chunk (the client estimates);
 * - fake-fragmented: the fake-echo stream written a few bytes at a time (events and UTF-8 characters split across reads);
 * - fake-badjson: a data line that is not JSON.
 */
export const FAKE_MODELS = ['fake-echo', 'fake-slow', 'fake-hang', 'fake-error', 'fake-ratelimit', 'fake-nousage', 'fake-fragmented', 'fake-badjson'];

/** What a grounded model answers when its references hold nothing (engine/prompt.ts NO_ANSWER_MARKER, repeated so the fake stays independent). */
const NO_ANSWER = '[[无法回答]]';

/**
 * Also answered, though not listed by GET /models (whose count the model screen's e2e checks):
 * - chat fake-rag: the answer of the first reference in the system prompt (「[1] 问：…\n答：…」), else NO_ANSWER;
 * - chat fake-noanswer: NO_ANSWER, streamed in pieces;
 * - embeddings fake-embed: deterministic vectors (see fakeEmbedding); fake-embed-error: HTTP 500;
 *   fake-embed-short: one embedding fewer than inputs; fake-embed-ragged: the second one narrower;
 *   fake-embed-nan: a value that is not a number.
 */
export const FAKE_EMBED_DIMS = 64;

/**
 * A bag of the text's character bigrams (single characters for one-character texts) hashed into
 * FAKE_EMBED_DIMS dimensions, normalised: texts sharing bigrams point the same way, as with a real model.
 */
export function fakeEmbedding(text: string): number[] {
  const chars = [...text.replace(/\s+/g, '')];
  const grams = chars.length < 2 ? chars : chars.slice(1).map((c, i) => chars[i] + c);
  const v = new Array<number>(FAKE_EMBED_DIMS).fill(0);
  for (const g of grams) v[createHash('sha256').update(g).digest().readUInt32BE(0) % FAKE_EMBED_DIMS] += 1;
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

export interface FakeRequest {
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeOpenAI {
  /** Ends with /v1. */
  baseUrl: string;
  apiKey: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

interface ChatBody {
  model?: string;
  messages?: Array<{ role?: string; content?: string }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const apiError = (message: string, type: string, code: string) => ({ error: { message, type, code } });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** Splits the reply the way a real model streams it: a few characters per chunk. */
function pieces(text: string): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += 3) out.push(chars.slice(i, i + 3).join(''));
  return out;
}

function replyOf(body: ChatBody): string {
  const messages = body.messages ?? [];
  if (body.model === 'fake-noanswer') return NO_ANSWER;
  if (body.model === 'fake-rag') {
    const system = messages.find((m) => m.role === 'system')?.content ?? '';
    return /\[1\] 问：[^\n]*\n答：([^\n]*)/.exec(system)?.[1] ?? NO_ANSWER;
  }
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  return `你好，${lastUser}`;
}

function chatEvents(body: ChatBody, withUsage: boolean): string[] {
  const model = body.model ?? '';
  const reply = replyOf(body);
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model };
  const events: object[] = [
    { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
    ...pieces(reply).map((content) => ({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] })),
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
  ];
  if (withUsage && body.stream_options?.include_usage) {
    const promptChars = (body.messages ?? []).reduce((n, m) => n + [...(m.content ?? '')].length, 0);
    events.push({ ...base, choices: [], usage: { prompt_tokens: promptChars + 7, completion_tokens: [...reply].length, total_tokens: 0 } });
  }
  return [...events.map((e) => `data: ${JSON.stringify(e)}\n\n`), 'data: [DONE]\n\n'];
}

const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' };

async function streamChat(res: ServerResponse, body: ChatBody): Promise<void> {
  const model = body.model ?? '';
  switch (model) {
    case 'fake-error':
      return sendJson(res, 500, apiError('The server had an error while processing your request.', 'server_error', 'internal_error'));
    case 'fake-ratelimit':
      return sendJson(res, 429, apiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'), { 'retry-after': '1' });
    case 'fake-hang':
      res.writeHead(200, SSE_HEADERS);
      res.flushHeaders();
      return;
    case 'fake-badjson':
      res.writeHead(200, SSE_HEADERS);
      res.end('data: <html>not json</html>\n\n');
      return;
    case 'fake-echo':
    case 'fake-slow':
    case 'fake-nousage':
    case 'fake-fragmented':
    case 'fake-rag':
    case 'fake-noanswer':
      break;
    default:
      return sendJson(res, 404, apiError(`The model \`${model}\` does not exist`, 'invalid_request_error', 'model_not_found'));
  }
  const events = chatEvents(body, model !== 'fake-nousage');
  res.writeHead(200, SSE_HEADERS);
  if (model === 'fake-fragmented') {
    const bytes = Buffer.from(events.join(''), 'utf8');
    for (let i = 0; i < bytes.length; i += 7) {
      res.write(bytes.subarray(i, i + 7));
      await sleep(1);
    }
  } else {
    for (const [i, event] of events.entries()) {
      // fake-slow sends the role chunk and the first text at once, then pauses before each further chunk.
      await sleep(model === 'fake-slow' && i >= 2 ? 300 : 1);
      if (res.destroyed) return;
      res.write(event);
    }
  }
  res.end();
}

interface EmbeddingsBody {
  model?: string;
  input?: unknown;
}

function embeddings(res: ServerResponse, body: EmbeddingsBody): void {
  const input = Array.isArray(body.input) ? body.input.map(String) : typeof body.input === 'string' ? [body.input] : null;
  if (!input) return sendJson(res, 400, apiError('input is required', 'invalid_request_error', 'bad_input'));
  const model = body.model ?? '';
  if (model === 'fake-embed-error') return sendJson(res, 500, apiError('The server had an error.', 'server_error', 'internal_error'));
  if (!model.startsWith('fake-embed')) return sendJson(res, 404, apiError(`The model \`${model}\` does not exist`, 'invalid_request_error', 'model_not_found'));
  let vectors: unknown[][] = input.map(fakeEmbedding);
  if (model === 'fake-embed-short') vectors = vectors.slice(1);
  if (model === 'fake-embed-ragged' && vectors.length > 1) vectors[1] = vectors[1].slice(1);
  if (model === 'fake-embed-nan') vectors[0][0] = 'NaN';
  sendJson(res, 200, {
    object: 'list',
    model,
    data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
    usage: { prompt_tokens: input.join('').length, total_tokens: input.join('').length },
  });
}

/** An OpenAI-compatible server on 127.0.0.1 (random port) for tests, e2e and benchmarks; it records every request. */
export async function startFakeOpenAI(opts: { apiKey?: string } = {}): Promise<FakeOpenAI> {
  const apiKey = opts.apiKey ?? FAKE_OPENAI_KEY;
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? '').split('?')[0];
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // Recorded as sent; the routes below reject it.
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      requests.push({ path, body, headers });

      if (headers.authorization !== `Bearer ${apiKey}`) {
        return sendJson(res, 401, apiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
      }
      if (req.method === 'GET' && path === '/v1/models') {
        return sendJson(res, 200, { object: 'list', data: FAKE_MODELS.map((id) => ({ id, object: 'model', owned_by: 'fake' })) });
      }
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        if (body === null || typeof body !== 'object') return sendJson(res, 400, apiError('Invalid JSON body', 'invalid_request_error', 'bad_json'));
        return streamChat(res, body as ChatBody);
      }
      if (req.method === 'POST' && path === '/v1/embeddings') {
        if (body === null || typeof body !== 'object') return sendJson(res, 400, apiError('Invalid JSON body', 'invalid_request_error', 'bad_json'));
        return embeddings(res, body as EmbeddingsBody);
      }
      return sendJson(res, 404, apiError(`Unknown path ${path}`, 'invalid_request_error', 'not_found'));
    })().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, apiError(String(err), 'server_error', 'fake_failure'));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging streams would keep close() waiting forever.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
