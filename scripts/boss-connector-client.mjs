#!/usr/bin/env node
// Reference client of the BOSS直聘 connector API (docs/channels.md §BOSS直聘: accounts, connector API and
// limits). It plays one round of what a browser extension or RPA client does against a running server:
//
//   1. POST /health    report the recruiter session as logged in
//   2. POST /messages  push one candidate message (the agent answers it)
//   3. POST /profile   push the candidate's profile fields (a phone or WeChat makes a BOSS lead)
//   4. GET  /replies   long-poll for what to send (replies and greetings)
//   5. POST /ack       report each one as sent (or failed with --fail)
//
//   BOSS_CONNECTOR_SECRET=cks_… node scripts/boss-connector-client.mjs --base http://127.0.0.1:8080/prod-api \
//     --key-id ck_… [--candidate c1] [--name 张三] [--job <BOSS job id>] [--text '你好，这个岗位还招人吗'] \
//     [--phone 138…] [--wechat …] [--wait 10] [--fail] [--json]
//
// The secret is read from the environment only. Requests are signed by scripts/boss-connector-signing.mjs
// (the rule of packages/shared/src/connector-signing.ts). A real client also retries with a fresh nonce, keeps polling, and
// sends each reply in the BOSS直聘 chat before acknowledging it.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { connectorHeaders } from './boss-connector-signing.mjs';

const CONNECTOR = '/channel/boss/connector';

function usage(message) {
  console.error(
    `${message}\n用法: BOSS_CONNECTOR_SECRET=… node scripts/boss-connector-client.mjs --base <http://主机:端口/prod-api> --key-id <id> [--candidate <id>] [--name <姓名>] [--job <职位编号>] [--text <消息>] [--phone <手机号>] [--wechat <微信号>] [--wait <秒>] [--fail] [--json]`,
  );
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      base: { type: 'string' },
      'key-id': { type: 'string' },
      candidate: { type: 'string', default: `cand-${randomBytes(4).toString('hex')}` },
      name: { type: 'string', default: '张三' },
      job: { type: 'string' },
      text: { type: 'string', default: '你好，这个岗位还招人吗' },
      phone: { type: 'string' },
      wechat: { type: 'string' },
      wait: { type: 'string', default: '10' },
      fail: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  }));
} catch (err) {
  usage(err.message);
}

const secret = process.env.BOSS_CONNECTOR_SECRET;
if (!secret) usage('缺少环境变量 BOSS_CONNECTOR_SECRET');
const keyId = values['key-id'];
if (!keyId) usage('缺少 --key-id');
if (!values.base) usage('缺少 --base（服务地址加接口前缀，如 http://127.0.0.1:8080/prod-api）');
const base = new URL(values.base);
if (base.protocol !== 'http:' && base.protocol !== 'https:') usage('--base 必须是 http(s) 地址');
const wait = Number(values.wait);
if (!Number.isInteger(wait) || wait < 0) usage('--wait 必须是不小于0的整数');

const log = (line) => {
  if (!values.json) console.log(line);
};

const signedHeaders = (method, target, body) => connectorHeaders({ keyId, secret, method, target, body });

/** One signed call; the envelope's data, or exit 1 with the server's message. */
async function call(method, path, payload) {
  // The target signed is the one sent: base path (the API prefix) + route + query, nothing re-encoded.
  const target = `${base.pathname.replace(/\/$/, '')}${CONNECTOR}${path}`;
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const headers = { ...signedHeaders(method, target, Buffer.from(body, 'utf8')), ...(body ? { 'Content-Type': 'application/json' } : {}) };
  const res = await fetch(new URL(target, base.origin), { method, headers, ...(body ? { body } : {}) });
  const envelope = await res.json().catch(() => ({ code: res.status, msg: `HTTP ${res.status}` }));
  if (envelope.code !== 200) {
    console.error(`${method} ${path} 失败：${envelope.msg}`);
    process.exit(1);
  }
  return envelope.data;
}

const candidateId = values.candidate;
const summary = { candidateId };

summary.health = await call('POST', '/health', { health: 'logged_in', detail: '参考客户端' });
log(`1. 会话状态已上报：${summary.health.paused ? '账号已暂停' : '账号运行中'}，${summary.health.withinWindow ? '在运行时段内' : '不在运行时段内'}`);

const message = { msgId: `msg-${randomBytes(8).toString('hex')}`, candidateId, candidateName: values.name, text: values.text, ...(values.job ? { jobId: values.job } : {}) };
summary.messages = (await call('POST', '/messages', { messages: [message] })).results;
log(`2. 推送消息「${values.text}」：${summary.messages.map((r) => r.status + (r.error ? `（${r.error}）` : '')).join('，')}`);

const profile = { candidateId, name: values.name, ...(values.job ? { jobId: values.job } : {}), ...(values.phone ? { phone: values.phone } : {}), ...(values.wechat ? { wechat: values.wechat } : {}) };
summary.profile = await call('POST', '/profile', profile);
log(`3. 推送候选人资料：${summary.profile.leadId ? `已生成线索 #${summary.profile.leadId}` : '暂无联系方式'}`);

summary.replies = (await call('GET', `/replies?wait=${wait}`)).replies;
log(`4. 待发送 ${summary.replies.length} 条：`);
for (const r of summary.replies) log(`   → ${r.candidateId}（${r.kind === 'greeting' ? '打招呼' : '回复'}）：${r.text}`);

if (summary.replies.length > 0) {
  const results = summary.replies.map((r) => (values.fail ? { replyId: r.replyId, ok: false, error: '参考客户端模拟发送失败' } : { replyId: r.replyId, ok: true }));
  summary.acks = (await call('POST', '/ack', { results })).results;
  log(`5. 发送结果已确认：${summary.acks.map((a) => `#${a.replyId} ${a.status}`).join('，')}`);
}

if (values.json) console.log(JSON.stringify(summary));
