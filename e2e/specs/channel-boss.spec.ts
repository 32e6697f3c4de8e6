import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEFAULT_BOSS_RUN_CONFIG } from '@acs/shared';
import { signConnectorRequest } from '../../apps/server/src/modules/channel/boss/connector-auth';
import { publishedAgent } from '../support/ai-chat';
import { button, consoleErrors, tableRow } from '../support/list-page';
import { adminHeaders, API, loginAs, snap } from '../support/session';

/*
 * BOSS直聘 end to end: a recruiter account made in BOSS招聘 with its connector key, then the automation
 * client's side played by this spec over the signed connector API: it reports the session, pushes a
 * candidate's chat, long-polls the AI's reply and acknowledges it; the candidate's phone becomes a BOSS留资 lead.
 */

const seed = Date.now() % 1_000_000;

async function api<T>(request: APIRequestContext, method: 'get' | 'post' | 'put', path: string, data?: object): Promise<T> {
  const headers = await adminHeaders(request);
  const res = await request[method](`${API}${path}`, { headers, ...(data ? { data } : {}) });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body, `${method} ${path}: ${body.msg}`).toMatchObject({ code: 200 });
  return body.data;
}

interface Key {
  keyId: string;
  secret: string;
}

/** One signed connector call, as the automation client makes it. */
async function connector<T>(request: APIRequestContext, key: Key, method: 'GET' | 'POST', target: string, body?: object): Promise<T> {
  const raw = body ? JSON.stringify(body) : '';
  const path = `${API}/channel/boss/connector/${target}`;
  const headers = { ...signConnectorRequest({ keyId: key.keyId, secret: key.secret, method, path, body: raw }), ...(body ? { 'content-type': 'application/json' } : {}) };
  const res = method === 'GET' ? await request.get(path, { headers }) : await request.post(path, { headers, data: raw });
  const parsed = (await res.json()) as { code: number; msg: string; data: T };
  expect(parsed, `${method} ${target}: ${parsed.msg}`).toMatchObject({ code: 200 });
  return parsed.data;
}

test('BOSS直聘: a connector session pushes a candidate chat, gets the AI reply, and the candidate becomes a BOSS lead', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const agentName = `招聘客服${seed}`;
  const agentId = await publishedAgent(request, agentName);
  const recruiter = `招聘官${seed}`;
  // A run window of the whole day (start = end): the spec may run at any hour.
  const runConfig = { ...DEFAULT_BOSS_RUN_CONFIG, windowStart: '00:00', windowEnd: '00:00' };
  const account = await api<{ accountId: number }>(request, 'post', '/channel/bossZP/account', { recruiterName: recruiter, company: 'E2E科技', agentId, runConfig });
  await api(request, 'post', '/channel/bossZP/job', { accountId: account.accountId, externalId: `job-${seed}`, title: '前端工程师', city: '杭州', salary: '15-25K', agentId });
  const key = await api<Key>(request, 'post', `/channel/bossZP/account/${account.accountId}/key`);

  await connector(request, key, 'POST', 'health', { health: 'logged_in' });
  const candidate = `cand-${seed}`;
  await connector(request, key, 'POST', 'messages', {
    messages: [{ msgId: `m1-${seed}`, candidateId: candidate, candidateName: '张同学', jobId: `job-${seed}`, text: '你好，这个岗位还招人吗' }],
  });
  const polled = await connector<{ replies: { replyId: number; candidateId: string; text: string }[] }>(request, key, 'GET', 'replies?wait=5');
  const replies = polled.replies.filter((r) => r.candidateId === candidate);
  expect(replies.length).toBeGreaterThan(0);
  await connector(request, key, 'POST', 'ack', { results: replies.map((r) => ({ replyId: r.replyId, ok: true })) });

  const phone = `137${String(seed).padStart(8, '0')}`;
  await connector(request, key, 'POST', 'messages', { messages: [{ msgId: `m2-${seed}`, candidateId: candidate, jobId: `job-${seed}`, text: `我的电话${phone}` }] });
  await connector(request, key, 'POST', 'profile', { candidateId: candidate, name: '张同学', jobId: `job-${seed}`, experience: '3年', education: '本科', expectedSalary: '20K', city: '杭州' });

  await loginAs(page);
  await page.goto('/channel/bossZP');
  await expect(tableRow(page, recruiter)).toContainText('已登录');
  await snap(page, 'boss-zp');

  await page.goto('/channel/bossLeave');
  const lead = tableRow(page, '张同学');
  await expect(lead.first()).toBeVisible();
  await expect(lead.first()).toContainText('前端工程师');
  await snap(page, 'boss-leave');

  // The conversation is in 在线会话 under BOSS直聘, answered by the agent.
  await page.goto('/ai/conversation');
  await expect(page.getByText('实时更新中')).toBeVisible();
  await page.locator('.conv-row:visible').filter({ hasText: agentName }).first().click();
  const record = page.getByRole('log', { name: '会话记录' });
  await expect(record).toContainText('你好，这个岗位还招人吗');
  await expect(record.locator('.conv-msg-ai')).not.toHaveCount(0);
  await expect(button(page, '接管')).toBeVisible();
  expect(errors).toEqual([]);
});
