import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOUYIN_WEBHOOK } from '../../../src/infra/douyin/constants';
import { handleWebhook, verifyWebhookSignature, webhookSignature, type WebhookOutcome } from '../../../src/infra/douyin/webhook';
import { startFakeDouyin, type FakeDouyin } from '../../fakes/douyin/server';
import { pushDuplicates, pushWebhook, receiveMessageEvent, signBody, verifyWebhookEvent } from '../../fakes/douyin/webhook';

const SECRET = 'test-client-secret';
const body = Buffer.from(JSON.stringify(receiveMessageEvent({ clientKey: 'awkey', fromUserId: 'customer-1', toUserId: 'account-1', text: '你好' })), 'utf8');

describe('verifyWebhookSignature', () => {
  it('accepts hex sha1 of the client secret followed by the raw body, in either case', () => {
    const sig = signBody(SECRET, body.toString('utf8'));
    expect(webhookSignature(SECRET, body)).toBe(sig);
    expect(verifyWebhookSignature(SECRET, body, sig)).toBe(true);
    expect(verifyWebhookSignature(SECRET, body, sig.toUpperCase())).toBe(true);
    expect(verifyWebhookSignature(SECRET, body, [sig])).toBe(true);
  });

  it('matches the vendor documentation example', () => {
    const doc = Buffer.from('{"event":"verify_webhook","client_key":"abc","content":{"challenge":12345}}');
    // sha1("***" + body), the example's placeholder secret, computed independently of the helper.
    expect(verifyWebhookSignature('***', doc, signBody('***', doc.toString()))).toBe(true);
  });

  it('refuses a missing, empty, malformed, wrong-length, repeated or wrong signature', () => {
    const sig = signBody(SECRET, body.toString('utf8'));
    expect(verifyWebhookSignature(SECRET, body, undefined)).toBe(false);
    expect(verifyWebhookSignature(SECRET, body, '')).toBe(false);
    expect(verifyWebhookSignature(SECRET, body, sig.slice(0, 39))).toBe(false);
    expect(verifyWebhookSignature(SECRET, body, `${sig}00`)).toBe(false);
    expect(verifyWebhookSignature(SECRET, body, `${sig.slice(0, 39)}g`)).toBe(false);
    expect(verifyWebhookSignature(SECRET, body, [sig, sig])).toBe(false);
    expect(verifyWebhookSignature(`${SECRET}x`, body, sig)).toBe(false);
    expect(verifyWebhookSignature('', body, webhookSignature('', body))).toBe(false);
    expect(verifyWebhookSignature(SECRET, body, signBody(SECRET, `${body.toString('utf8')} `))).toBe(false);
  });

  it('signs bytes, not text: a body altered by one byte fails', () => {
    const sig = webhookSignature(SECRET, body);
    const altered = Buffer.from(body);
    altered[altered.length - 2] ^= 1;
    expect(verifyWebhookSignature(SECRET, altered, sig)).toBe(false);
  });
});

const request = (raw: Buffer, extra: Partial<Parameters<typeof handleWebhook>[0]> = {}) =>
  handleWebhook({ rawBody: raw, signature: webhookSignature(SECRET, raw), msgId: 'msg-1', clientSecret: SECRET, ...extra });

describe('handleWebhook', () => {
  it('answers verify_webhook with its challenge when signed', () => {
    const raw = Buffer.from(JSON.stringify(verifyWebhookEvent(12345)));
    expect(request(raw)).toEqual({ type: 'challenge', body: { challenge: 12345 } });
    expect(request(raw, { signature: undefined })).toEqual({ type: 'rejected', reason: 'missing_signature' });
  });

  it('returns an authentic event with its Msg-Id', () => {
    const outcome = request(body);
    expect(outcome.type).toBe('event');
    expect(outcome).toMatchObject({ msgId: 'msg-1', event: { type: 'im_receive_msg', fromUserId: 'customer-1', toUserId: 'account-1', text: '你好' } });
    expect(request(body, { msgId: undefined })).toMatchObject({ type: 'event', msgId: null });
  });

  it.each<[string, Partial<Parameters<typeof handleWebhook>[0]>, WebhookOutcome]>([
    ['missing signature', { signature: undefined }, { type: 'rejected', reason: 'missing_signature' }],
    ['blank signature', { signature: '  ' }, { type: 'rejected', reason: 'missing_signature' }],
    ['wrong secret', { clientSecret: 'other' }, { type: 'rejected', reason: 'bad_signature' }],
    ['short signature', { signature: 'abcdef' }, { type: 'rejected', reason: 'bad_signature' }],
    ['body altered after signing', { rawBody: Buffer.from(body.toString().replace('你好', '你坏')) }, { type: 'rejected', reason: 'bad_signature' }],
  ])('refuses: %s', (_name, extra, expected) => {
    expect(handleWebhook({ rawBody: body, signature: webhookSignature(SECRET, body), msgId: 'm', clientSecret: SECRET, ...extra })).toEqual(expected);
  });

  it('refuses an oversized body before hashing it, even when correctly signed', () => {
    const big = Buffer.alloc(DOUYIN_WEBHOOK.maxBodyBytes + 1, 0x20);
    expect(request(big)).toEqual({ type: 'rejected', reason: 'too_large' });
    expect(request(body, { maxBodyBytes: body.length - 1 })).toEqual({ type: 'rejected', reason: 'too_large' });
    expect(request(body, { maxBodyBytes: body.length }).type).toBe('event');
  });

  it('refuses a signed body that is not JSON or not an event', () => {
    expect(request(Buffer.from('not json'))).toEqual({ type: 'rejected', reason: 'bad_body' });
    expect(request(Buffer.from('[]'))).toEqual({ type: 'rejected', reason: 'bad_body' });
    expect(request(Buffer.from('{"event":"im_receive_msg","content":{}}'))).toEqual({ type: 'rejected', reason: 'bad_body' });
  });
});

/** A receiver like next session's route: raw body, handleWebhook, de-duplication on Msg-Id. */
describe('the fake platform pushing to a receiver', () => {
  let fake: FakeDouyin;
  let url: string;
  const accepted: string[] = [];
  const outcomes: WebhookOutcome[] = [];
  let failFirst = 0;
  const server = createServer((req: IncomingMessage, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      if (failFirst > 0) {
        failFirst--;
        res.writeHead(500).end();
        return;
      }
      const outcome = handleWebhook({ rawBody: Buffer.concat(parts), signature: req.headers['x-douyin-signature'], msgId: req.headers['msg-id'], clientSecret: fake.clientSecret });
      outcomes.push(outcome);
      if (outcome.type === 'rejected') return res.writeHead(outcome.reason === 'too_large' ? 413 : 401).end();
      if (outcome.type === 'challenge') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(outcome.body));
      if (outcome.msgId && !accepted.includes(outcome.msgId)) accepted.push(outcome.msgId);
      res.writeHead(200).end('success');
    });
  });

  beforeAll(async () => {
    fake = await startFakeDouyin();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prod-api/channel/douyin/webhook`;
  });
  afterAll(async () => {
    await fake.close();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('verifies the URL with a signed challenge', async () => {
    const [attempt] = await fake.deliver(url, verifyWebhookEvent(777));
    expect(attempt.status).toBe(200);
    expect(JSON.parse(attempt.body)).toEqual({ challenge: 777 });
  });

  it('delivers a signed message; duplicates of one Msg-Id are accepted once', async () => {
    const first = await fake.pushMessage(url, { from: 'customer-9', text: '在吗', contentAsString: true });
    expect(first.status).toBe(200);
    expect(outcomes.at(-1)).toMatchObject({ type: 'event', event: { type: 'im_receive_msg', text: '在吗', toUserId: fake.state.accounts.keys().next().value } });
    const dupes = await pushDuplicates(url, receiveMessageEvent({ clientKey: fake.clientKey, fromUserId: 'customer-9', toUserId: 'acc', text: 'x' }), { clientSecret: fake.clientSecret, times: 3 });
    expect(dupes.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(new Set(dupes.map((d) => d.msgId)).size).toBe(1);
    expect(accepted.filter((m) => m === dupes[0].msgId)).toHaveLength(1);
  });

  it('retries with the same Msg-Id until the receiver answers 200, three retries at most', async () => {
    failFirst = 2;
    const attempts = await fake.deliver(url, receiveMessageEvent({ clientKey: fake.clientKey, fromUserId: 'c', toUserId: 'a', text: 'retry' }));
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(new Set(attempts.map((a) => a.msgId)).size).toBe(1);

    failFirst = 10;
    const gaveUp = await fake.deliver(url, receiveMessageEvent({ clientKey: fake.clientKey, fromUserId: 'c', toUserId: 'a', text: 'lost' }));
    expect(gaveUp).toHaveLength(4);
    failFirst = 0;
  });

  it('bad, short and missing signatures are refused with 401', async () => {
    for (const signature of ['bad', 'short', 'missing'] as const) {
      const r = await fake.pushMessage(url, { from: 'attacker', text: 'forged', signature });
      expect(r.status).toBe(401);
    }
    const plain = await pushWebhook(url, '{"event":"im_receive_msg"}', { clientSecret: 'guessed' });
    expect(plain.status).toBe(401);
  });

  it('the control API pushes events for a fake in another process', async () => {
    const res = await fetch(`${fake.baseUrl}/_fake/push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, from: 'customer-ctl', text: '电话 13800138000' }) });
    expect(await res.json()).toMatchObject({ status: 200 });
    expect(outcomes.at(-1)).toMatchObject({ type: 'event', event: { fromUserId: 'customer-ctl', text: '电话 13800138000' } });
    const enter = await fetch(`${fake.baseUrl}/_fake/push`, { method: 'POST', body: JSON.stringify({ url, from: 'customer-ctl', event: 'enter' }) });
    expect(await enter.json()).toMatchObject({ status: 200 });
    expect(outcomes.at(-1)).toMatchObject({ type: 'event', event: { type: 'im_enter_direct_msg', fromUserId: 'customer-ctl' } });
    const badMode = await fetch(`${fake.baseUrl}/_fake/fail`, { method: 'POST', body: JSON.stringify({ mode: 'explode' }) });
    expect(badMode.status).toBe(400);
  });
});
