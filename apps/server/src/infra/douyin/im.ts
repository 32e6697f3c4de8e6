import { z } from 'zod';
import { DOUYIN_PATHS, DOUYIN_SCENES } from './constants';
import { douyinError } from './errors';
import { douyinRequest, parseData } from './http';
import type { DouyinApp } from './oauth';

export type DouyinScene = keyof typeof DOUYIN_SCENES;

export interface SendTextMessage {
  /** The bound enterprise account's token and open_id: the message goes out as that account. */
  accessToken: string;
  accountOpenId: string;
  /** The customer's open_id (the event's from_user_id). */
  toUserId: string;
  /** The event's conversation_short_id. */
  conversationId: string;
  /** The server_message_id being answered (scene `reply`); absent for the other scenes. */
  replyToMsgId?: string;
  scene: DouyinScene;
  text: string;
}

export interface SentMessage {
  /** The platform's id of the message sent. */
  msgId: string;
  logId?: string;
}

/** Text content of a send (§2.4 [3rd]: `msg_type` 1 is text in public SDKs). */
export const textContent = (text: string) => ({ msg_type: 1, text: { text } });

/**
 * The send-message body (§2.4 [3rd]; the vendor page was not read): the one place to correct when the real
 * platform disagrees. The fake reads the same fields.
 */
export function sendMessageBody(msg: SendTextMessage) {
  return {
    ...(msg.replyToMsgId ? { msg_id: msg.replyToMsgId } : {}),
    conversation_id: msg.conversationId,
    to_user_id: msg.toUserId,
    content: textContent(msg.text),
    scene: DOUYIN_SCENES[msg.scene],
  };
}

const sendData = z.object({ msg_id: z.string().min(1) });

const id = z.string().trim().min(1).max(256);

/** Our side of the send, checked before anything leaves: a reply names the message it answers. */
const sendInput = z
  .object({
    accessToken: id,
    accountOpenId: id,
    toUserId: id,
    conversationId: id,
    replyToMsgId: id.optional(),
    scene: z.enum(Object.keys(DOUYIN_SCENES) as [DouyinScene, ...DouyinScene[]]),
    text: z.string().refine((t) => t.trim().length > 0),
  })
  .refine((m) => m.scene !== 'reply' || m.replyToMsgId !== undefined);

/** `POST /im/send/msg/?open_id=<account>` with the account's `access-token` header (§2.4). */
export async function sendTextMessage(app: DouyinApp, msg: SendTextMessage, signal?: AbortSignal): Promise<SentMessage> {
  if (!sendInput.safeParse(msg).success) throw douyinError('invalid_request');
  const answer = await douyinRequest({
    baseUrl: app.baseUrl,
    path: DOUYIN_PATHS.sendMessage,
    query: { open_id: msg.accountOpenId },
    headers: { 'access-token': msg.accessToken },
    json: sendMessageBody(msg),
    timeoutMs: app.timeoutMs,
    target: app.target,
    signal,
  });
  return { msgId: parseData(sendData, answer).msg_id, logId: answer.logId };
}
