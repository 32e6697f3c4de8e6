import { and, eq, ne } from 'drizzle-orm';
import { CHANNEL_LABELS, LEAD_SOURCE_LABELS, WEBHOOK_KIND_LABELS, type WebhookKind } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { formatDateTime } from '../../../core/time';
import { crmDistributionRule } from '../../../db/schema';
import { ADDRESS_NOT_ALLOWED, OutboundError, outboundFetch, type OutboundErrorKind } from '../../../infra/outbound/fetch';
import { ALLOW_PRIVATE_NETWORK_KEY } from '../../ai/model/provider-runtime';
import { isConfigEnabled } from '../../system/config/service';
import type { NotifyRunner } from './background';
import type { LeadNotice } from './notices';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;

/** A group robot to tell about one assignment: the member's own address, else the rule's. */
export interface WebhookTarget {
  ruleId: number;
  kind: WebhookKind;
  url: string;
  memberName: string;
}

/** Pauses before the second and third try: three tries in all. */
export const WEBHOOK_RETRY_DELAYS_MS = [500, 1500];
const TRY_TIMEOUT_MS = 5000;
/** A robot answers a few dozen bytes; anything bigger is not worth reading. */
const MAX_ANSWER_BYTES = 64 * 1024;
const TITLE = '新线索分配';

/** Only the last four digits of a number leave the system in a group chat message. */
const lastFour = (phone: string) => (/\d{4}$/.test(phone) ? `尾号${phone.slice(-4)}` : '');

function lines(notice: LeadNotice, memberName: string): string[] {
  const channel = CHANNEL_LABELS[notice.channel as keyof typeof CHANNEL_LABELS] ?? notice.channel;
  const source = LEAD_SOURCE_LABELS[notice.source as keyof typeof LEAD_SOURCE_LABELS] ?? notice.source;
  const phone = lastFour(notice.phone);
  return [
    `负责人：${memberName}`,
    `客户：${notice.name || '未留姓名'}${phone ? `（${phone}）` : ''}`,
    `渠道：${channel} · ${source}`,
    ...(notice.firstContactDeadline ? [`请在 ${formatDateTime(notice.firstContactDeadline).slice(0, 16)} 前首次联系`] : []),
    `分配原因：${notice.reason}`,
  ];
}

/** The request body in the robot's own format (企业微信 / 钉钉 markdown, 飞书 text). */
export function webhookBody(kind: WebhookKind, notice: LeadNotice, memberName: string): object {
  const text = lines(notice, memberName);
  switch (kind) {
    case 'wecom':
      return { msgtype: 'markdown', markdown: { content: [`### ${TITLE}`, ...text.map((l) => `> ${l}`)].join('\n') } };
    case 'dingtalk':
      return { msgtype: 'markdown', markdown: { title: TITLE, text: [`### ${TITLE}`, ...text.map((l) => `- ${l}`)].join('\n\n') } };
    case 'feishu':
      return { msg_type: 'text', content: { text: [`【${TITLE}】`, ...text].join('\n') } };
  }
}

const OUTBOUND_MESSAGES: Record<OutboundErrorKind, string> = {
  blocked: ADDRESS_NOT_ALLOWED,
  unreachable: '无法连接到机器人地址',
  tls: '机器人地址的证书校验失败',
  too_large: '机器人的响应过大',
};

/** A failed try, with whether trying again could help (a refused address stays refused). */
class WebhookFailure extends Error {
  constructor(
    message: string,
    readonly final = false,
  ) {
    super(message);
  }
}

/**
 * The platform's verdict in a 2xx answer: WeCom and DingTalk say `errcode`, Feishu `code` (older
 * robots `StatusCode`); 0 is success. A body that is not such JSON is taken as accepted.
 */
function platformError(text: string): string | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const code = b.errcode ?? b.code ?? b.StatusCode;
  if (code === undefined || code === 0) return null;
  const message = b.errmsg ?? b.msg ?? b.StatusMessage;
  return `机器人返回错误：${String(code)}${typeof message === 'string' && message ? ` ${message.slice(0, 200)}` : ''}`;
}

async function tryOnce(target: WebhookTarget, body: string, allowPrivateNetwork: boolean): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TRY_TIMEOUT_MS);
  try {
    const res = await outboundFetch(
      target.url,
      { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body },
      { policy: { allowPrivateNetwork }, maxBodyBytes: MAX_ANSWER_BYTES, signal: controller.signal },
    );
    const text = await res.text();
    if (!res.ok) throw new WebhookFailure(`机器人返回HTTP ${res.status}`);
    const refused = platformError(text);
    if (refused) throw new WebhookFailure(refused);
  } catch (err) {
    if (err instanceof WebhookFailure) throw err;
    if (controller.signal.aborted) throw new WebhookFailure('机器人响应超时');
    if (err instanceof OutboundError) throw new WebhookFailure(OUTBOUND_MESSAGES[err.kind], err.kind === 'blocked');
    throw new WebhookFailure(OUTBOUND_MESSAGES.unreachable);
  } finally {
    clearTimeout(timer);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The last failure, in Chinese, on the rule (shown in 员工分配), or cleared after a success. */
async function recordOutcome(deps: Deps, target: WebhookTarget, failure: string | null): Promise<void> {
  const rule = eq(crmDistributionRule.ruleId, target.ruleId);
  if (failure === null) {
    await deps.database.db
      .update(crmDistributionRule)
      .set({ webhookError: '', webhookErrorTime: null })
      .where(and(rule, ne(crmDistributionRule.webhookError, '')));
    return;
  }
  const message = `${WEBHOOK_KIND_LABELS[target.kind]}机器人通知失败：${failure}`.slice(0, 500);
  await deps.database.db.update(crmDistributionRule).set({ webhookError: message, webhookErrorTime: new Date(deps.now()) }).where(rule);
}

/**
 * Posts the assignment to the group robot through the outbound guard (private addresses only where
 * ai.model.allowPrivateNetwork allows them, as for model calls), up to three tries with growing
 * pauses, then records the outcome on the rule. Never rejects: whatever goes wrong is logged.
 */
export async function deliverWebhook(deps: Deps, runner: NotifyRunner, target: WebhookTarget, notice: LeadNotice): Promise<void> {
  try {
    const body = JSON.stringify(webhookBody(target.kind, notice, target.memberName));
    const allowPrivateNetwork = await isConfigEnabled(deps, ALLOW_PRIVATE_NETWORK_KEY, false);
    let failure: WebhookFailure | null = null;
    for (let attempt = 0; attempt <= WEBHOOK_RETRY_DELAYS_MS.length; attempt++) {
      if (attempt > 0) await pause(WEBHOOK_RETRY_DELAYS_MS[attempt - 1]);
      try {
        await tryOnce(target, body, allowPrivateNetwork);
        failure = null;
        break;
      } catch (err) {
        failure = err as WebhookFailure;
        if (failure.final) break;
      }
    }
    if (failure) runner.log.warn({ ruleId: target.ruleId, leadId: notice.leadId, reason: failure.message }, 'lead webhook failed');
    await recordOutcome(deps, target, failure?.message ?? null);
  } catch (err) {
    runner.log.error({ err, ruleId: target.ruleId, leadId: notice.leadId }, 'lead webhook not delivered');
  }
}
