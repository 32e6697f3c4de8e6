import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmError } from '../../src/infra/llm/errors';
import { listModels, streamChat, type LlmTarget, type StreamChatEvent, type StreamChatOptions } from '../../src/infra/llm/openai';
import { SseParser } from '../../src/infra/llm/sse';
import { FAKE_MODELS, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

/** The fakes listen on 127.0.0.1: a deployment that allows private addresses. */
const target: LlmTarget = { policy: { allowPrivateNetwork: true } };

const opts = (model: string, extra: Partial<StreamChatOptions> = {}): StreamChatOptions => ({
  target,
  baseUrl: fake.baseUrl,
  apiKey: fake.apiKey,
  model,
  messages: [
    { role: 'system', content: '你是客服' },
    { role: 'user', content: '营业时间是几点' },
  ],
  timeoutMs: 2000,
  ...extra,
});

async function collect(o: StreamChatOptions): Promise<StreamChatEvent[]> {
  const out: StreamChatEvent[] = [];
  for await (const e of streamChat(o)) out.push(e);
  return out;
}

const textOf = (events: StreamChatEvent[]) => events.map((e) => (e.type === 'delta' ? e.text : '')).join('');

/** Runs `use` against a one-off server answering every request with `answer`. */
async function withServer<T>(answer: (res: ServerResponse) => void, use: (baseUrl: string) => Promise<T>): Promise<T> {
  const server = createServer((_req, res) => answer(res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
}

async function failure(p: Promise<unknown>): Promise<LlmError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(LlmError);
  return err as LlmError;
}

describe('SseParser', () => {
  it('joins events split anywhere and separates several events in one piece', () => {
    const p = new SseParser();
    expect(p.push('data: {"a"')).toEqual([]);
    expect(p.push(':1}\r')).toEqual([]);
    expect(p.push('\n\r\ndata: x\n\ndata: y\n')).toEqual(['{"a":1}', 'x']);
    expect(p.push(': comment\nevent: ping\ndata: z\n\n')).toEqual(['y\nz']);
    expect(p.push('data: [DONE]')).toEqual([]);
    expect(p.end()).toEqual(['[DONE]']);
  });
});

describe('streamChat', () => {
  it('posts an OpenAI streaming request and yields the deltas, then the reported usage', async () => {
    const before = fake.requests.length;
    const events = await collect(opts('fake-echo', { temperature: 0.3, maxTokens: 50 }));
    expect(textOf(events)).toBe('你好，营业时间是几点');
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(2);
    expect(events.at(-1)).toEqual({ type: 'done', promptTokens: 18, completionTokens: 10, estimated: false });
    const req = fake.requests[before];
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(req.body).toEqual({
      model: 'fake-echo',
      messages: opts('x').messages,
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.3,
      max_tokens: 50,
    });
  });

  it('parses a stream written a few bytes at a time (events and characters split across reads)', async () => {
    const events = await collect(opts('fake-fragmented'));
    expect(textOf(events)).toBe('你好，营业时间是几点');
    expect(events.at(-1)).toMatchObject({ type: 'done', estimated: false });
  });

  it('estimates usage from characters when the provider reports none', async () => {
    const events = await collect(opts('fake-nousage'));
    expect(textOf(events)).toBe('你好，营业时间是几点');
    // 4 framing tokens per message + one per Chinese character.
    expect(events.at(-1)).toEqual({ type: 'done', promptTokens: 4 + 4 + 4 + 7, completionTokens: 10, estimated: true });
  });

  it('classifies provider errors by status with one fixed Chinese message each, never the provider text', async () => {
    const auth = await failure(collect(opts('fake-echo', { apiKey: 'sk-wrong-key-1234567890' })));
    expect(auth).toMatchObject({ kind: 'auth', status: 401, message: '模型服务返回错误（HTTP 401）' });
    const limited = await failure(collect(opts('fake-ratelimit')));
    expect(limited).toMatchObject({ kind: 'rate_limit', status: 429, message: '模型服务返回错误（HTTP 429）' });
    const http = await failure(collect(opts('fake-error')));
    expect(http).toMatchObject({ kind: 'http', status: 500, message: '模型服务返回错误（HTTP 500）' });
    const bad = await failure(collect(opts('fake-badjson')));
    expect(bad).toMatchObject({ kind: 'bad_response', message: '模型服务返回了无法识别的数据' });
  });

  it('times out when the provider sends headers and then nothing', async () => {
    const err = await failure(collect(opts('fake-hang', { timeoutMs: 200 })));
    expect(err).toMatchObject({ kind: 'timeout', message: '模型服务响应超时' });
  });

  it('times out on a gap between chunks longer than the timeout, after the first deltas', async () => {
    const seen: string[] = [];
    const run = (async () => {
      for await (const e of streamChat(opts('fake-slow', { timeoutMs: 150 }))) if (e.type === 'delta') seen.push(e.text);
    })();
    const err = await failure(run);
    expect(err.kind).toBe('timeout');
    expect(seen.length).toBeGreaterThan(0);
  });

  it('reports an unreachable address as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await failure(collect(opts('fake-echo', { baseUrl: `http://127.0.0.1:${port}/v1` })));
    expect(err).toMatchObject({ kind: 'network', message: '无法连接到模型服务' });
  });

  it('stops with the caller’s abort reason when its signal fires mid-stream', async () => {
    const ac = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const e of streamChat(opts('fake-slow', { signal: ac.signal }))) {
        if (e.type === 'delta') {
          seen.push(e.text);
          ac.abort(new Error('customer left'));
        }
      }
    })();
    await expect(run).rejects.toThrow('customer left');
    expect(seen).toHaveLength(1);
  });

  it('accepts a provider that answers with one JSON completion instead of a stream', async () => {
    const events = await withServer(
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: '好的' } }], usage: { prompt_tokens: 5, completion_tokens: 2 } }));
      },
      (baseUrl) => collect(opts('any', { baseUrl })),
    );
    expect(events).toEqual([
      { type: 'delta', text: '好的' },
      { type: 'done', promptTokens: 5, completionTokens: 2, estimated: false },
    ]);
  });

  it('reports an HTML error page by its status only', async () => {
    const err = await withServer(
      (res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><head><style>h1{color:red}</style></head><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>');
      },
      (baseUrl) => failure(collect(opts('any', { baseUrl }))),
    );
    expect(err).toMatchObject({ kind: 'http', status: 502, message: '模型服务返回错误（HTTP 502）' });
  });
});

describe('listModels', () => {
  it('returns the model ids of GET /models, sorted', async () => {
    expect(await listModels({ target, baseUrl: fake.baseUrl + '/', apiKey: fake.apiKey, timeoutMs: 2000 })).toEqual([...FAKE_MODELS].sort());
  });

  it('reports a wrong key as auth', async () => {
    const err = await failure(listModels({ target, baseUrl: fake.baseUrl, apiKey: 'sk-nope', timeoutMs: 2000 }));
    expect(err.kind).toBe('auth');
  });
});
