import { describe, expect, it } from 'vitest';
import type { ConversationMessage, ConversationRow } from '../../../api/ai/conversation';
import { appendMessage, matchesFilters, relativeTime, upsertRow } from './liveList';

const row = (id: number, over: Partial<ConversationRow> = {}): ConversationRow => ({
  conversationId: id,
  agentId: 1,
  agentName: '小美',
  channel: 'web',
  visitorId: `v-${id}`,
  customerId: null,
  customerName: '',
  phone: '',
  status: 'ai',
  assigneeName: '',
  turns: 1,
  lastMessage: '你好',
  lastMessageTime: `2026-11-23 10:0${id}:00`,
  createTime: '2026-11-23 10:00:00',
  ...over,
});

describe('live conversation list', () => {
  it('puts waiting conversations first, then the newest activity', () => {
    const rows = [row(1), row(2)];
    const next = upsertRow(rows, row(1, { status: 'waiting' }), {});
    expect(next.map((r) => r.conversationId)).toEqual([1, 2]);
    const newer = upsertRow(next, row(3), {});
    expect(newer.map((r) => r.conversationId)).toEqual([1, 3, 2]);
  });

  it('drops a row that leaves the filtered tab and adds one that enters it', () => {
    const waiting = [row(1, { status: 'waiting' })];
    expect(upsertRow(waiting, row(1, { status: 'human' }), { status: 'waiting' })).toEqual([]);
    expect(upsertRow([], row(2, { status: 'waiting' }), { status: 'waiting' })).toHaveLength(1);
  });

  it('matches agent, channel and keyword filters', () => {
    const r = row(1, { phone: '13800138000', agentId: 7, channel: 'douyin' });
    expect(matchesFilters(r, { keyword: '1380013' })).toBe(true);
    expect(matchesFilters(r, { keyword: '退款' })).toBe(false);
    expect(matchesFilters(r, { agentId: 8 })).toBe(false);
    expect(matchesFilters(r, { channel: 'web' })).toBe(false);
    expect(matchesFilters(r, { agentId: 7, channel: 'douyin' })).toBe(true);
  });

  it('appends a live message once, in seq order', () => {
    const m = (seq: number) => ({ messageId: seq + 10, seq }) as ConversationMessage;
    expect(appendMessage(appendMessage([m(1), m(3)], m(2)), m(2)).map((x) => x.seq)).toEqual([1, 2, 3]);
  });

  it('says how long ago in China time', () => {
    const now = Date.UTC(2026, 10, 23, 2, 30); // 10:30 in China
    expect(relativeTime('2026-11-23 10:30:00', now)).toBe('刚刚');
    expect(relativeTime('2026-11-23 10:10:00', now)).toBe('20分钟前');
    expect(relativeTime('2026-11-23 07:00:00', now)).toBe('3小时前');
    expect(relativeTime('2026-11-20 07:00:00', now)).toBe('11-20 07:00');
    expect(relativeTime('2025-11-20 07:00:00', now)).toBe('2025-11-20 07:00');
  });
});
