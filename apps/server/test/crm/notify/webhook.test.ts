import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { crmDistributionRule } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { allowPrivateModels } from '../../helpers/outbound';
import { eventually } from '../../common/support';
import { salespeople } from '../distribution/support';
import { fakeRobot, MONDAY_10AM, ruleWithChat } from './support';

let t: TestApp;
let robot: Awaited<ReturnType<typeof fakeRobot>>;
let member: number;

const ruleRow = async (ruleId: number) => (await t.deps.database.db.select().from(crmDistributionRule).where(eq(crmDistributionRule.ruleId, ruleId)))[0];
const RETRIES_DONE_MS = 8000;

beforeAll(async () => {
  t = await createTestApp({ startAt: MONDAY_10AM });
  robot = await fakeRobot();
  [member] = await salespeople(t.deps.database.db, '张三');
});

afterAll(async () => {
  robot.release();
  await t.app.backgroundTasks.drain(RETRIES_DONE_MS);
  await robot.close();
});

beforeEach(async () => {
  robot.requests.splice(0);
  robot.always({ status: 200, body: { errcode: 0, errmsg: 'ok' } });
  await allowPrivateModels(t);
});

describe('group robot notification of a rule assignment', () => {
  it('posts WeCom markdown with the phone cut to its last four digits', async () => {
    const chat = await ruleWithChat(t, { name: '企微组', webhookKind: 'wecom', webhookUrl: robot.url('/wecom'), firstContactMinutes: 30, members: [{ userId: member }] });
    const { phone } = await chat.captureByChat();
    const [sent] = await eventually(async () => robot.requests.length > 0 && robot.requests);
    expect(sent.path).toBe('/wecom');
    expect(sent.body).toEqual({
      msgtype: 'markdown',
      markdown: {
        content: [
          '### 新线索分配',
          '> 负责人：张三',
          `> 客户：未留姓名（尾号${phone.slice(-4)}）`,
          '> 渠道：网页 · 会话留资',
          '> 请在 2026-03-02 10:30 前首次联系',
          '> 分配原因：规则“企微组”，轮流分配：张三 今日 1',
        ].join('\n'),
      },
    });
  });

  it('posts DingTalk markdown with a title, and Feishu text to the member’s own robot rather than the rule’s', async () => {
    const ding = await ruleWithChat(t, { name: '钉钉组', webhookKind: 'dingtalk', webhookUrl: robot.url('/ding'), members: [{ userId: member }] });
    const { phone } = await ding.captureByChat();
    const [dingSent] = await eventually(async () => robot.requests.length > 0 && robot.requests);
    expect(dingSent.body).toMatchObject({ msgtype: 'markdown', markdown: { title: '新线索分配', text: expect.stringContaining('- 负责人：张三') } });
    expect(JSON.stringify(dingSent.body)).not.toContain(phone.slice(0, 7));

    robot.requests.splice(0);
    const feishu = await ruleWithChat(t, { name: '飞书组', webhookKind: 'feishu', webhookUrl: robot.url('/rule'), members: [{ userId: member, webhookUrl: robot.url('/member') }] });
    await feishu.captureByChat();
    const [feishuSent] = await eventually(async () => robot.requests.length > 0 && robot.requests);
    expect(feishuSent.path).toBe('/member');
    expect(feishuSent.body).toEqual({ msg_type: 'text', content: { text: expect.stringMatching(/^【新线索分配】\n负责人：张三\n/) } });
    expect(robot.requests).toHaveLength(1);
  });

  it('sends in the background: the customer’s message is answered while the robot has not replied, and shutdown waits for it', async () => {
    const chat = await ruleWithChat(t, { webhookKind: 'wecom', webhookUrl: robot.url('/slow'), members: [{ userId: member }] });
    robot.always('hold');
    await chat.captureByChat();
    await eventually(async () => robot.requests.length === 1);
    expect(await t.app.backgroundTasks.drain(0)).toBeGreaterThan(0);
    robot.release();
    expect(await t.app.backgroundTasks.drain(RETRIES_DONE_MS)).toBe(0);
  });

  it('retries three times, then shows the failure on the rule; a later success clears it', async () => {
    const chat = await ruleWithChat(t, { webhookKind: 'wecom', webhookUrl: robot.url('/down'), members: [{ userId: member }] });
    robot.always({ status: 502, body: {} });
    await chat.captureByChat();
    const failed = await eventually(async () => {
      const rule = await ruleRow(chat.ruleId);
      return rule.webhookError !== '' && rule;
    }, RETRIES_DONE_MS);
    expect(robot.requests).toHaveLength(3);
    expect(failed).toMatchObject({ webhookError: '企业微信机器人通知失败：机器人返回HTTP 502', webhookErrorTime: new Date(MONDAY_10AM) });

    robot.always({ status: 200, body: { errcode: 0, errmsg: 'ok' } });
    robot.answer({ status: 200, body: { errcode: 93000, errmsg: 'invalid webhook url' } });
    await chat.captureByChat();
    await eventually(async () => (await ruleRow(chat.ruleId)).webhookError === '', RETRIES_DONE_MS);
    expect((await ruleRow(chat.ruleId)).webhookErrorTime).toBeNull();
    expect(robot.requests).toHaveLength(5);
  });

  it('takes the robot’s own error code as a failure', async () => {
    const chat = await ruleWithChat(t, { webhookKind: 'feishu', webhookUrl: robot.url('/feishu'), members: [{ userId: member }] });
    robot.always({ status: 200, body: { code: 19001, msg: 'param invalid: incoming webhook access token invalid' } });
    await chat.captureByChat();
    const rule = await eventually(async () => {
      const row = await ruleRow(chat.ruleId);
      return row.webhookError !== '' && row;
    }, RETRIES_DONE_MS);
    expect(rule.webhookError).toBe('飞书机器人通知失败：机器人返回错误：19001 param invalid: incoming webhook access token invalid');
  });

  it('never reaches a private address the deployment does not allow, and does not retry it', async () => {
    await allowPrivateModels(t, false);
    const chat = await ruleWithChat(t, { webhookKind: 'dingtalk', webhookUrl: robot.url('/lan'), members: [{ userId: member }] });
    await chat.captureByChat();
    // Retries would pause 2 s in all before giving up.
    expect(await t.app.backgroundTasks.drain(1000)).toBe(0);
    expect((await ruleRow(chat.ruleId)).webhookError).toBe('钉钉机器人通知失败：不允许访问该地址（内网或云元数据地址）');
    expect(robot.requests).toEqual([]);
  });

  it('sends nothing for a rule without a robot', async () => {
    const chat = await ruleWithChat(t, { members: [{ userId: member }] });
    await chat.captureByChat();
    expect(await t.app.backgroundTasks.drain(RETRIES_DONE_MS)).toBe(0);
    expect(robot.requests).toEqual([]);
  });
});
