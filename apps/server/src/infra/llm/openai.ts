import type { ChatMessage } from '../../modules/ai/engine/types';
import { badResponseError, httpError, LlmError, networkError, providerMessage, scrubSecret, streamError, timeoutError } from './errors';
import { SseParser } from './sse';

export interface StreamChatOptions {
  /** e.g. https://api.openai.com/v1 (a trailing slash is fine). */
  baseUrl: string;
  apiKey: string;
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  /** Longest wait for the response headers, and for each further piece of the stream. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export type StreamChatEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; promptTokens: number; completionTokens: number; estimated: boolean };

export interface ListModelsOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

const endpoint = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;

// Han, kana, hangul and full-width forms: about one token each in current tokenizers.
const WIDE_CHARS = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g;

/** Rough token count for providers that report no usage: a wide character ≈ 1 token, other text ≈ 4 characters a token. */
export function estimateTokens(text: string): number {
  const wide = text.match(WIDE_CHARS)?.length ?? 0;
  return wide + Math.ceil((text.length - wide) / 4);
}

/** Each message also costs a few tokens of framing (role and separators). */
const estimatePrompt = (messages: ChatMessage[]) => messages.reduce((n, m) => n + 4 + estimateTokens(m.content), 0);

/**
 * One HTTP exchange with a provider: an abort controller fed by the caller's signal and by a timer
 * that runs only while we wait on the provider (not while the consumer handles what we yielded).
 */
class Call {
  readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private timedOut = false;
  private readonly onAbort = () => this.controller.abort();

  constructor(
    private readonly timeoutMs: number,
    private readonly apiKey: string,
    private readonly signal?: AbortSignal,
  ) {
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Awaits one step on the network under the timeout, turning failures into LlmError (or the caller's abort reason). */
  async wait<T>(step: () => Promise<T>): Promise<T> {
    this.throwIfAborted();
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.timeoutMs);
    try {
      return await step();
    } catch (err) {
      if (this.timedOut) throw timeoutError();
      this.throwIfAborted();
      if (err instanceof LlmError) throw err;
      throw networkError(scrubSecret(causeOf(err), this.apiKey));
    } finally {
      clearTimeout(this.timer);
    }
  }

  private throwIfAborted(): void {
    if (this.signal?.aborted) throw this.signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
  }

  async fetch(url: string, init: RequestInit): Promise<Response> {
    const res = await this.wait(() =>
      fetch(url, { ...init, headers: { ...init.headers, authorization: `Bearer ${this.apiKey}` }, signal: this.controller.signal }),
    );
    if (!res.ok) {
      const body = await this.wait(() => res.text());
      throw httpError(res.status, scrubSecret(providerMessage(body), this.apiKey));
    }
    return res;
  }

  end(): void {
    clearTimeout(this.timer);
    this.signal?.removeEventListener('abort', this.onAbort);
    // Closes the connection when the consumer stopped early; a no-op after a complete body.
    this.controller.abort();
  }
}

/** undici reports "fetch failed" with the socket error (ECONNREFUSED, ENOTFOUND…) as its cause. */
function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}

interface CompletionChunk {
  choices?: Array<{ delta?: { content?: unknown }; message?: { content?: unknown } }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: unknown;
}

function parseChunk(data: string): CompletionChunk {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw badResponseError(data.slice(0, 100));
  }
  if (parsed === null || typeof parsed !== 'object') throw badResponseError(data.slice(0, 100));
  const chunk = parsed as CompletionChunk;
  if (chunk.error !== undefined) throw streamError(providerMessage(data));
  return chunk;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

function usageOf(chunk: CompletionChunk): { promptTokens: number; completionTokens: number } | null {
  const u = chunk.usage;
  if (!u || typeof u.prompt_tokens !== 'number' || typeof u.completion_tokens !== 'number') return null;
  return { promptTokens: u.prompt_tokens, completionTokens: u.completion_tokens };
}

/**
 * Streams a chat completion from an OpenAI-compatible provider: text deltas as they arrive, then one
 * `done` with the token usage (estimated from characters when the provider reports none). Throws
 * LlmError; an abort through `signal` rejects with the signal's reason.
 */
export async function* streamChat(opts: StreamChatOptions): AsyncGenerator<StreamChatEvent> {
  const call = new Call(opts.timeoutMs, opts.apiKey, opts.signal);
  try {
    const res = await call.fetch(endpoint(opts.baseUrl, '/chat/completions'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({
        model: opts.model,
        messages: opts.messages,
        stream: true,
        stream_options: { include_usage: true },
        temperature: opts.temperature,
        max_tokens: opts.maxTokens,
      }),
    });
    let completion = '';
    let usage: ReturnType<typeof usageOf> = null;

    // Some providers ignore `stream` and answer with one JSON completion.
    if ((res.headers.get('content-type') ?? '').includes('application/json')) {
      const chunk = parseChunk(await call.wait(() => res.text()));
      if (!chunk.choices) throw badResponseError();
      completion = textOf(chunk.choices[0]?.message?.content);
      if (completion) yield { type: 'delta', text: completion };
      usage = usageOf(chunk);
    } else {
      if (!res.body) throw badResponseError();
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const parser = new SseParser();
      let events = 0;
      let finished = false;
      while (!finished) {
        const { done, value } = await call.wait(() => reader.read());
        const datas = done ? parser.end() : parser.push(decoder.decode(value, { stream: true }));
        for (const data of datas) {
          events++;
          if (data.trim() === '[DONE]') {
            finished = true;
            break;
          }
          const chunk = parseChunk(data);
          usage = usageOf(chunk) ?? usage;
          const text = textOf(chunk.choices?.[0]?.delta?.content);
          if (text) {
            completion += text;
            yield { type: 'delta', text };
          }
        }
        if (done) finished = true;
      }
      if (events === 0) throw badResponseError();
    }
    yield usage
      ? { type: 'done', ...usage, estimated: false }
      : { type: 'done', promptTokens: estimatePrompt(opts.messages), completionTokens: estimateTokens(completion), estimated: true };
  } finally {
    call.end();
  }
}

/** Model ids the provider offers (`GET {baseUrl}/models`), sorted. */
export async function listModels(opts: ListModelsOptions): Promise<string[]> {
  const call = new Call(opts.timeoutMs, opts.apiKey, opts.signal);
  try {
    const res = await call.fetch(endpoint(opts.baseUrl, '/models'), { method: 'GET', headers: { accept: 'application/json' } });
    const body = await call.wait(() => res.text());
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw badResponseError();
    }
    const data = (parsed as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) throw badResponseError();
    const ids = data.map((m: unknown) => textOf((m as { id?: unknown } | null)?.id)).filter(Boolean);
    return [...new Set(ids)].sort();
  } finally {
    call.end();
  }
}
