import { and, eq } from 'drizzle-orm';
import type { ReplyPolicy } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { channelAccount, channelDouyinAccount } from '../../../db/schema';
import type { DouyinEnterEvent, DouyinEvent, DouyinMessageEvent } from '../../../infra/douyin/events';
import { receivePlatformMessage } from '../conversation';
import { greetOnEnter } from './greeting';
import { findDouyinApp } from './store';

export type InboxDeps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'config' | 'now'> & { log: { error: (obj: object, msg: string) => void } };

export type EventOutcome = { status: 'done'; conversationId: number } | { status: 'ignored'; reason: string; conversationId?: number };

export const IgnoreReason = {
  NO_APP: '抖音应用已删除',
  OWN_SEND: '本系统通过接口发出的消息',
  FROM_ACCOUNT: '企业号自己发出的消息',
  NO_ACCOUNT: '消息所属的抖音账号未绑定',
  ACCOUNT_DISABLED: '抖音账号已停用',
  NO_AGENT: '抖音账号未指定AI客服',
  EMPTY: '空消息',
  LONG_ID: '消息编号过长',
  NO_CONVERSATION: '进入私信事件缺少会话编号',
  UNKNOWN: '不处理的事件类型',
} as const;

/** What non-text messages are stored as: the AI cannot read them, staff see that something came. */
const PLACEHOLDERS: Record<string, string> = {
  image: '[图片]',
  emoji: '[表情]',
  video: '[视频]',
  audio: '[语音]',
  voice: '[语音]',
  file: '[文件]',
  share: '[分享]',
};
const OTHER_PLACEHOLDER = '[暂不支持的消息类型]';

/** ai_message.client_msg_id holds the platform's message id: the reply names it as msg_id. */
const MESSAGE_ID_MAX = 64;

interface BoundAccount {
  accountId: number;
  agentId: number | null;
  status: string;
  replyPolicy: string;
}

async function boundAccount(deps: InboxDeps, appId: number, openId: string): Promise<BoundAccount | undefined> {
  const [row] = await deps.database.db
    .select({ accountId: channelAccount.accountId, agentId: channelAccount.agentId, status: channelAccount.status, replyPolicy: channelDouyinAccount.replyPolicy })
    .from(channelDouyinAccount)
    .innerJoin(channelAccount, eq(channelAccount.accountId, channelDouyinAccount.accountId))
    .where(and(eq(channelDouyinAccount.appId, appId), eq(channelDouyinAccount.openId, openId)))
    .limit(1);
  return row;
}

/** The account the event is addressed to, when it may be answered: bound, enabled, with an agent. */
async function answeringAccount(deps: InboxDeps, appId: number, openId: string): Promise<{ account: BoundAccount & { agentId: number } } | { reason: string }> {
  const account = await boundAccount(deps, appId, openId);
  if (!account) return { reason: IgnoreReason.NO_ACCOUNT };
  if (account.status !== '0') return { reason: IgnoreReason.ACCOUNT_DISABLED };
  if (account.agentId === null) return { reason: IgnoreReason.NO_AGENT };
  return { account: { ...account, agentId: account.agentId } };
}

async function onMessage(deps: InboxDeps, appId: number, clientKey: string, event: DouyinMessageEvent): Promise<EventOutcome> {
  // The platform reports what the account itself sends too: through our API (source = our client key) or typed in the app.
  if (event.source && event.source === clientKey) return { status: 'ignored', reason: IgnoreReason.OWN_SEND };
  if (await boundAccount(deps, appId, event.fromUserId)) return { status: 'ignored', reason: IgnoreReason.FROM_ACCOUNT };
  if (event.serverMessageId.length > MESSAGE_ID_MAX) return { status: 'ignored', reason: IgnoreReason.LONG_ID };
  const isText = event.messageType === 'text';
  const text = isText ? (event.text ?? '').trim() : (PLACEHOLDERS[event.messageType] ?? OTHER_PLACEHOLDER);
  if (!text) return { status: 'ignored', reason: IgnoreReason.EMPTY };
  const found = await answeringAccount(deps, appId, event.toUserId);
  if ('reason' in found) return { status: 'ignored', reason: found.reason };
  const turn = await receivePlatformMessage(deps, {
    platform: 'douyin',
    accountId: found.account.accountId,
    agentId: found.account.agentId,
    uid: event.fromUserId,
    externalMsgId: event.serverMessageId,
    text,
    replyPolicy: found.account.replyPolicy as ReplyPolicy,
    answer: isText,
  });
  return { status: 'done', conversationId: turn.conversation.conversationId };
}

async function onEnter(deps: InboxDeps, appId: number, event: DouyinEnterEvent): Promise<EventOutcome> {
  if (!event.conversationId) return { status: 'ignored', reason: IgnoreReason.NO_CONVERSATION };
  const found = await answeringAccount(deps, appId, event.toUserId);
  if ('reason' in found) return { status: 'ignored', reason: found.reason };
  const { accountId, agentId, replyPolicy } = found.account;
  const greeted = await greetOnEnter(deps, { accountId, agentId, uid: event.fromUserId, replyPolicy: replyPolicy as ReplyPolicy });
  return greeted.sent ? { status: 'done', conversationId: greeted.conversationId } : { status: 'ignored', reason: greeted.reason, conversationId: greeted.conversationId };
}

/**
 * One stored webhook event: a customer's private message becomes a turn in their conversation (text is
 * answered, other kinds are stored as a placeholder for staff); entering the DM page may get the agent's
 * welcome message. What the channel does not act on ends as 'ignored' with the reason.
 */
export async function handleDouyinEvent(deps: InboxDeps, appId: number, event: DouyinEvent): Promise<EventOutcome> {
  if (event.type === 'unknown') return { status: 'ignored', reason: IgnoreReason.UNKNOWN };
  const app = await findDouyinApp(deps, appId);
  if (!app) return { status: 'ignored', reason: IgnoreReason.NO_APP };
  return event.type === 'im_receive_msg' ? onMessage(deps, appId, app.clientKey, event) : onEnter(deps, appId, event);
}
