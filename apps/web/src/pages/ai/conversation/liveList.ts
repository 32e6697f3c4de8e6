import { CHINA_UTC_OFFSET_MS, type ConversationStatus } from '@acs/shared';
import type { ConversationDetail, ConversationMessage, ConversationRow } from '../../../api/ai/conversation';

/** The filters of the list pane; `status` undefined is 全部. */
export interface ConversationFilters {
  status?: ConversationStatus;
  agentId?: number;
  channel?: string;
  keyword?: string;
}

/** Whether a row pushed by the live stream belongs in the list the staff is looking at. */
export function matchesFilters(row: ConversationRow, f: ConversationFilters): boolean {
  if (f.status && row.status !== f.status) return false;
  if (f.agentId !== undefined && row.agentId !== f.agentId) return false;
  if (f.channel && row.channel !== f.channel) return false;
  const keyword = f.keyword?.trim();
  if (keyword) {
    const haystack = [row.customerName, row.phone, row.visitorId, row.lastMessage, row.agentName].join('\n');
    if (!haystack.includes(keyword)) return false;
  }
  return true;
}

const timeOf = (row: ConversationRow) => row.lastMessageTime ?? row.createTime;

/** Waiting conversations float to the top; otherwise newest activity first. */
export function sortRows(rows: ConversationRow[]): ConversationRow[] {
  return [...rows].sort((a, b) => {
    const wa = a.status === 'waiting' ? 0 : 1;
    const wb = b.status === 'waiting' ? 0 : 1;
    if (wa !== wb) return wa - wb;
    // Wire times are fixed-width 'yyyy-MM-dd HH:mm:ss': string order is time order.
    const ta = timeOf(a);
    const tb = timeOf(b);
    if (ta !== tb) return ta < tb ? 1 : -1;
    return b.conversationId - a.conversationId;
  });
}

/** The list after a live `conversation` event: replaced, added, or dropped when it no longer matches. */
export function upsertRow(rows: ConversationRow[], row: ConversationRow, f: ConversationFilters): ConversationRow[] {
  const rest = rows.filter((r) => r.conversationId !== row.conversationId);
  return sortRows(matchesFilters(row, f) ? [row, ...rest] : rest);
}

/**
 * Appends a live message to the open record once (a resync may deliver it again). A message seen again
 * as failed is a Douyin or BOSS send given up after it was shown: its copy is replaced (a send status
 * only ever moves to failed, so an older copy never overwrites a newer one).
 */
export function appendMessage(messages: ConversationMessage[], message: ConversationMessage): ConversationMessage[] {
  const known = messages.find((m) => m.messageId === message.messageId);
  if (known) return message.sendStatus === 'failed' && known.sendStatus !== 'failed' ? messages.map((m) => (m === known ? message : m)) : messages;
  return [...messages, message].sort((a, b) => a.seq - b.seq);
}

/*
 * The open record changes through the functions below only, each applied as a state updater to the
 * record as it is at that moment: live events come in bursts (a reply is a message and then its row),
 * and an update computed from an earlier copy would drop what the burst added before it.
 */

/** The record with a live message of its conversation added (other conversations' messages leave it as it is). */
export function withMessage(detail: ConversationDetail | undefined, conversationId: number, message: ConversationMessage): ConversationDetail | undefined {
  if (!detail || detail.conversation.conversationId !== conversationId) return detail;
  return { ...detail, messages: appendMessage(detail.messages, message) };
}

/** The record with its conversation's new list row (status, assignee, last message); its messages stay. */
export function withRow(detail: ConversationDetail | undefined, row: ConversationRow): ConversationDetail | undefined {
  if (!detail || detail.conversation.conversationId !== row.conversationId) return detail;
  return { ...detail, conversation: { ...detail.conversation, ...row } };
}

/**
 * A record loaded from the server, keeping live messages that arrived after the server read it (the
 * answer to a request can be overtaken by the stream).
 */
export function withLoaded(detail: ConversationDetail | undefined, loaded: ConversationDetail): ConversationDetail {
  if (!detail || detail.conversation.conversationId !== loaded.conversation.conversationId) return loaded;
  const lastSeq = loaded.messages.at(-1)?.seq ?? 0;
  const later = detail.messages.filter((m) => m.seq > lastSeq);
  return later.length ? { ...loaded, messages: later.reduce(appendMessage, loaded.messages) } : loaded;
}

/** '刚刚', 'N分钟前', 'N小时前', then 'MM-dd HH:mm' (or with the year when not this year). */
export function relativeTime(wire: string | null, now: number): string {
  if (!wire) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(wire);
  if (!m) return wire;
  const [, y, mo, d, h, mi] = m;
  const time = Date.UTC(+y, +mo - 1, +d, +h, +mi) - CHINA_UTC_OFFSET_MS;
  const diff = now - time;
  if (diff < 60_000) return '刚刚';
  if (diff < 3_600_000) return `${Math.floor(diff / 60_000)}分钟前`;
  if (diff < 86_400_000) return `${Math.floor(diff / 3_600_000)}小时前`;
  const thisYear = new Date(now + CHINA_UTC_OFFSET_MS).getUTCFullYear() === +y;
  return `${thisYear ? '' : `${y}-`}${mo}-${d} ${h}:${mi}`;
}
