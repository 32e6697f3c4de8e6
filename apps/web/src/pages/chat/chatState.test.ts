import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../api/chat';
import { chatReducer, initialChatState, parseServerTime, startsTimeGroup, timeLabel, type ChatState } from './chatState';
import { contactPayload, validateContact } from './contact';

const msg = (seq: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  messageId: 100 + seq,
  seq,
  sender: 'ai',
  content: `m${seq}`,
  createTime: '2026-11-23 10:00:00',
  ...over,
});

const run = (state: ChatState, ...actions: Parameters<typeof chatReducer>[1][]) => actions.reduce(chatReducer, state);

describe('chat state', () => {
  it('keeps stored messages in seq order, each once, when a reconnect replays them', () => {
    const s = run(
      initialChatState,
      { type: 'reset', messages: [msg(2), msg(1)], status: 'ai' },
      { type: 'message', message: msg(4) },
      { type: 'message', message: msg(3) },
      { type: 'message', message: msg(3) },
      { type: 'message', message: msg(4) },
    );
    expect(s.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(s.lastSeq).toBe(4);
  });

  it('replaces a pending message by its stored echo (same clientMsgId)', () => {
    const sent = run(initialChatState, { type: 'send', clientMsgId: 'c1', content: '你好', now: 1, queued: false });
    expect(sent.outgoing).toMatchObject([{ clientMsgId: 'c1', state: 'sending' }]);
    const echoed = chatReducer(sent, { type: 'message', message: msg(1, { sender: 'customer', clientMsgId: 'c1', content: '你好' }) });
    expect(echoed.outgoing).toEqual([]);
    expect(echoed.messages.map((m) => m.content)).toEqual(['你好']);
  });

  it('a failed send keeps its clientMsgId for 重发', () => {
    const s = run(
      initialChatState,
      { type: 'send', clientMsgId: 'c1', content: 'x', now: 1, queued: true },
      { type: 'outgoing', clientMsgId: 'c1', state: 'failed', error: '发送太频繁' },
    );
    expect(s.outgoing).toMatchObject([{ clientMsgId: 'c1', state: 'failed', error: '发送太频繁', content: 'x' }]);
  });

  it('grows a draft from deltas and drops it when the stored reply arrives', () => {
    const s = run(
      initialChatState,
      { type: 'typing', sender: 'ai', on: true },
      { type: 'delta', tempId: 't1', text: '您好，' },
      { type: 'delta', tempId: 't1', text: '请问' },
    );
    expect(s.drafts).toEqual([{ tempId: 't1', text: '您好，请问', messageId: undefined }]);
    expect(s.typing.ai).toBe(false);
    const done = chatReducer(s, { type: 'message', message: msg(2, { content: '您好，请问' }) });
    expect(done.drafts).toEqual([]);
    expect(done.messages).toHaveLength(1);
  });

  it('a late chunk of a stored reply does not bring its draft back', () => {
    const s = run(
      initialChatState,
      { type: 'delta', tempId: 't1', messageId: 102, text: 'a' },
      { type: 'message', message: msg(2) },
      { type: 'delta', tempId: 't1', messageId: 102, text: 'b' },
    );
    expect(s.drafts).toEqual([]);
  });

  it('the stored reply replaces the draft it names by tempId', () => {
    const s = run(
      initialChatState,
      { type: 'delta', tempId: 't1', text: 'a' },
      { type: 'delta', tempId: 't2', text: 'b' },
      { type: 'message', message: msg(3, { tempId: 't2' }) },
    );
    expect(s.drafts.map((d) => d.tempId)).toEqual(['t1']);
  });

  it('a customer or staff message leaves the AI draft alone', () => {
    const s = run(
      initialChatState,
      { type: 'delta', tempId: 't1', text: 'a' },
      { type: 'message', message: msg(2, { sender: 'staff' }) },
    );
    expect(s.drafts).toHaveLength(1);
  });

  it('a staff takeover drops the AI draft still streaming but keeps staff typing', () => {
    const s = run(
      initialChatState,
      { type: 'delta', tempId: 't1', text: 'a' },
      { type: 'typing', sender: 'staff', on: true },
      { type: 'status', status: 'human', assigneeName: '小王' },
    );
    expect(s).toMatchObject({ status: 'human', assigneeName: '小王', drafts: [], typing: { ai: false, staff: true } });
  });

  it('closing clears drafts and typing', () => {
    const s = run(
      initialChatState,
      { type: 'delta', tempId: 't1', text: 'a' },
      { type: 'typing', sender: 'staff', on: true },
      { type: 'status', status: 'closed' },
    );
    expect(s).toMatchObject({ status: 'closed', drafts: [], typing: { ai: false, staff: false } });
  });

  it('groups times five minutes apart and labels them in the customer clock', () => {
    expect(startsTimeGroup(undefined, 0)).toBe(true);
    expect(startsTimeGroup(0, 4 * 60_000)).toBe(false);
    expect(startsTimeGroup(0, 5 * 60_000)).toBe(true);
    const now = new Date(2026, 10, 23, 15, 0).getTime();
    expect(timeLabel(new Date(2026, 10, 23, 9, 5).getTime(), now)).toBe('09:05');
    expect(timeLabel(new Date(2026, 10, 22, 9, 5).getTime(), now)).toBe('昨天 09:05');
    expect(timeLabel(new Date(2026, 10, 2, 9, 5).getTime(), now)).toBe('11月2日 09:05');
  });

  it('reads wire times as China time', () => {
    expect(parseServerTime('2026-11-23 10:00:00')).toBe(Date.UTC(2026, 10, 23, 2, 0, 0));
    expect(parseServerTime('2026-11-23T02:00:00.000Z')).toBe(Date.UTC(2026, 10, 23, 2, 0, 0));
  });
});

describe('contact card validation', () => {
  const form = { name: '', phone: '', wechat: '', consent: true };

  it('asks for a phone or WeChat, a valid mobile, and the consent', () => {
    expect(validateContact(form)).toEqual({ phone: '请至少填写手机号或微信号' });
    expect(validateContact({ ...form, phone: '12345' })).toEqual({ phone: '请输入正确的手机号码' });
    expect(validateContact({ ...form, wechat: 'wx_abc1', consent: false })).toEqual({ consent: '请先同意授权说明' });
    expect(validateContact({ ...form, phone: '138 0013-8000' })).toEqual({});
    expect(validateContact({ ...form, wechat: '12ab' })).toEqual({ wechat: '请输入正确的微信号' });
    expect(validateContact({ ...form, wechat: 'wx_abc123' })).toEqual({});
    expect(validateContact({ ...form, wechat: '13800138000' })).toEqual({});
  });

  it('sends the normalised phone and leaves blanks out', () => {
    expect(contactPayload({ ...form, name: ' 张三 ', phone: '+86 138 0013 8000' })).toEqual({ name: '张三', phone: '13800138000' });
  });
});
