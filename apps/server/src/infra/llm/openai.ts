import type { RequestInit } from 'undici';
import type { ChatMessage } from '../../modules/ai/engine/types';
import { OutboundError, outboundFetch, type OutboundPolicy, type Resolver } from '../outbound/fetch';
import { badResponseError, httpError, LlmError, networkError, outboundError, streamError, timeoutError } from './errors';
import { SseParser } from './sse';

/** Where a call may go (the deployment's policy) and, for tests, how host names resolve. */
export interface LlmTarget {
  policy: OutboundPolicy;
  resolver?: Resolver;
}

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
  target: LlmTarget;
}

export type StreamChatEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; promptTokens: number; completionTokens: number; estimated: boolean };

export interface ListModelsOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  signal?: AbortSignal;
  target: LlmTarget;
}

/** More than any chat reply or model list; a server sending more is not a model service. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export const endpoint = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;

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
 * One HTTP exchange with a provider through the outbound guard: an abort controller fed by the caller's
 * signal and by a timer that runs only while we wait on the provider (not while the consumer handles
 * what we yielded). Shared by every endpoint of the provider (chat, models, embeddings).
 */
export class Call {
  readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private timedOut = false;
  /** A timeout before the connection stood reads as unreachable, like a refused port: a filtered port must not look different. */
  private connected = false;
  private readonly onAbort = () => this.controller.abort();

  constructor(
    private readonly opts: { timeoutMs: number; apiKey: string; signal?: AbortSignal; target: LlmTarget },
  ) {
    opts.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Awaits one step on the network under the timeout, turning failures into LlmError (or the caller's abort reason). */
  async wait<T>(step: () => Promise<T>): Promise<T> {
    this.throwIfAborted();
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.opts.timeoutMs);
    try {
      return await step();
    } catch (err) {
      if (this.timedOut) throw this.connected ? timeoutError() : networkError();
      this.throwIfAborted();
      if (err instanceof LlmError) throw err;
      if (err instanceof OutboundError) throw outboundError(err.kind);
      // The connection broke mid-body: undici's "terminated" names no more than that.
      throw networkError();
    } finally {
      clearTimeout(this.timer);
    }
  }

  private throwIfAborted(): void {
    const { signal } = this.opts;
    if (signal?.aborted) throw signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
  }

  /** A non-2xx answer ends the call with its status only: its body is not read. */
  async fetch(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
    const { apiKey, target } = this.opts;
    const request: Omit<RequestInit, 'signal' | 'dispatcher' | 'redirect'> = { ...init, headers: { ...init.headers, authorization: `Bearer ${apiKey}` } };
    const res = await this.wait(() =>
      outboundFetch(url, request, {
        ...target,
        maxBodyBytes: MAX_BODY_BYTES,
        signal: this.controller.signal,
        onConnected: () => {
          this.connected = true;
        },
      }),
    );
    if (!res.ok) throw httpError(res.status);
    return res;
  }

  /** The whole body as JSON (bounded by the guard's body cap); anything else is a bad response. */
  async json(res: Awaited<ReturnType<Call['fetch']>>): Promise<unknown> {
    const body = await this.wait(() => res.text());
    try {
      return JSON.parse(body);
    } catch {
      throw badResponseError();
    }
  }

  end(): void {
    clearTimeout(this.timer);
    this.opts.signal?.removeEventListener('abort', this.onAbort);
    // Closes the connection when the consumer stopped early or the answer was refused; a no-op after a complete body.
    this.controller.abort();
  }
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
    throw badResponseError();
  }
  if (parsed === null || typeof parsed !== 'object') throw badResponseError();
  const chunk = parsed as CompletionChunk;
  if (chunk.error !== undefined) throw streamError();
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
  const call = new Call(opts);
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
  const call = new Call(opts);
  try {
    const res = await call.fetch(endpoint(opts.baseUrl, '/models'), { method: 'GET', headers: { accept: 'application/json' } });
    const data = ((await call.json(res)) as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) throw badResponseError();
    const ids = data.map((m: unknown) => textOf((m as { id?: unknown } | null)?.id)).filter(Boolean);
    return [...new Set(ids)].sort();
  } finally {
    call.end();
  }
}
