import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOSS_RUN_CONFIG } from '@acs/shared';
import { bossAccount, bossTestApp, recruitingAgent, type BossAccountFixture, type BossTestApp } from './support';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '../../../../../scripts/boss-connector-client.mjs');

let b: BossTestApp;
let account: BossAccountFixture;
let base: string;

beforeAll(async () => {
  // The script signs with the real clock: the app's clock starts at real time, and its window is all day.
  b = await bossTestApp('bossclient', { startAt: Date.now() });
  const agentId = await recruitingAgent(b.t);
  account = await bossAccount(b, { agentId, runConfig: { ...DEFAULT_BOSS_RUN_CONFIG, windowStart: '00:00', windowEnd: '00:00' } });
  await b.req('POST', '/channel/bossZP/job', { accountId: account.accountId, externalId: 'client-job', title: '店员' });
  const address = await b.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}/prod-api`;
});

afterAll(async () => {
  await b.t.app.close();
});

async function client(args: string[], secret = account.secret) {
  return run(process.execPath, [SCRIPT, '--base', base, '--key-id', account.keyId, ...args], { env: { ...process.env, BOSS_CONNECTOR_SECRET: secret } });
}

describe('scripts/boss-connector-client.mjs', () => {
  it('runs health → message → profile → replies → ack against a running server', async () => {
    const { stdout } = await client(['--candidate', 'script-cand', '--job', 'client-job', '--phone', '13655556666', '--json']);
    const summary = JSON.parse(stdout) as {
      messages: { status: string; answered: boolean }[];
      profile: { leadId: number | null };
      replies: { text: string; kind: string; replyId: number }[];
      acks: { status: string }[];
    };
    expect(summary.messages).toMatchObject([{ status: 'accepted', answered: true }]);
    expect(summary.profile.leadId).toEqual(expect.any(Number));
    expect(summary.replies.map((r) => [r.kind, r.text])).toEqual([['reply', '还在招的，欢迎投递简历！']]);
    expect(summary.acks).toEqual([{ replyId: summary.replies[0].replyId, status: 'sent' }]);
    const leads = await b.req<{ rows: { bossUid: string; phone: string }[] }>('GET', `/channel/bossLeave/list?accountId=${account.accountId}`);
    expect(leads.rows).toMatchObject([{ bossUid: 'script-cand', phone: '13655556666' }]);
  });

  it('exits 1 with the server message when the secret is wrong', async () => {
    await expect(client(['--wait', '0'], 'cks_wrong-secret')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('签名无效') });
  });
});
