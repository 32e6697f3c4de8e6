import { describe, expect, it } from 'vitest';
import type { ConversationDetail, ConversationMessage, ConversationRow } from '../../../api/ai/conversation';
import { appendMessage, matchesFilters, relativeTime, upsertRow, withLoaded, withMessage, withRow } from './liveList';

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

  it('replaces a message seen again as failed (a platform send given up), never the other way round', () => {
    const m = (sendStatus: string) => ({ messageId: 11, seq: 1, sendStatus, error: sendStatus === 'failed' ? '令牌已失效' : '' }) as ConversationMessage;
    const failed = appendMessage([m('sent')], m('failed'));
    expect(failed).toEqual([m('failed')]);
    expect(appendMessage(failed, m('sent'))).toEqual([m('failed')]);
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

describe('the open record under live events', () => {
  const m = (seq: number, conversationId = 1) => ({ messageId: seq + 10, seq, conversationId }) as ConversationMessage;
  const record = (id: number, seqs: number[]): ConversationDetail => ({ conversation: row(id), messages: seqs.map((s) => m(s, id)), customer: null, lead: null });
  /** Applies updaters in turn, as React applies queued state updates. */
  const apply = (start: ConversationDetail, ...updates: Array<(d: ConversationDetail | undefined) => ConversationDetail | undefined>) =>
    updates.reduce<ConversationDetail | undefined>((d, u) => u(d), start);

  it('keeps a message that arrived just before its conversation’s row (a staff reply is both)', () => {
    const after = apply(
      record(1, [1, 2]),
      (d) => withMessage(d, 1, m(3)),
      (d) => withRow(d, row(1, { status: 'human', assigneeName: '管理员', lastMessage: '您好' })),
    );
    expect(after?.messages.map((x) => x.seq)).toEqual([1, 2, 3]);
    expect(after?.conversation).toMatchObject({ status: 'human', assigneeName: '管理员', lastMessage: '您好' });
  });

  it('leaves the record alone for another conversation’s message or row', () => {
    const open = record(1, [1]);
    expect(withMessage(open, 2, m(5, 2))).toBe(open);
    expect(withRow(open, row(2, { status: 'waiting' }))).toBe(open);
  });

  it('keeps live messages newer than a reloaded record, and takes the reload of another conversation as it is', () => {
    const live = apply(record(1, [1, 2]), (d) => withMessage(d, 1, m(3)), (d) => withMessage(d, 1, m(4)));
    expect(withLoaded(live, record(1, [1, 2, 3])).messages.map((x) => x.seq)).toEqual([1, 2, 3, 4]);
    const other = record(2, [1]);
    expect(withLoaded(live, other)).toBe(other);
  });
});
