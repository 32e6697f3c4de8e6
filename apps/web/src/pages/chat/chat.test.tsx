import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PublicApp from '../../public/PublicApp';

/** The page's EventSource: tests open it and push events as the server would. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  url: string;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, (e: MessageEvent) => void>();
  closed = false;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    act(() => this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent));
  }
  open() {
    act(() => this.onopen?.());
  }
}

const SESSION = {
  visitorId: 'v1',
  visitorToken: 'tok1',
  conversation: { conversationId: 42, status: 'ai' },
  agent: { name: '小美', avatar: '', welcome: '您好，欢迎咨询！', quickQuestions: ['怎么收费？'], offHours: false, offHoursText: '' },
  messages: [],
  consentText: '我同意将以上联系方式提供给商家。',
};

type Answer = { code: number; msg: string; data?: unknown } | Error;
let answers: Record<string, Answer[]>;
const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
  const path = url.replace('/prod-api', '');
  const next = answers[path]?.shift() ?? { code: 200, msg: '', data: {} };
  if (next instanceof Error) throw next;
  return { status: 200, json: async () => next } as Response;
});
const bodiesOf = (path: string) =>
  fetchMock.mock.calls.filter(([u]) => u.endsWith(path)).map(([, init]) => JSON.parse(init?.body as string));

/** Through the public entry, as the server serves /chat. */
function renderChat(search = '?agent=5') {
  window.history.replaceState(null, '', `/chat${search}`);
  render(<PublicApp />);
}

async function ready() {
  renderChat();
  await screen.findByText('您好，欢迎咨询！');
  // The stream opens in an effect after the welcome renders; a loaded machine can be in between.
  await waitFor(() => expect(FakeEventSource.last).toBeDefined());
  FakeEventSource.last!.open();
}

beforeEach(() => {
  // Each test's page opens its own stream: one left from the test before must not be mistaken for it.
  FakeEventSource.last = undefined;
  localStorage.clear();
  answers = { '/chat/session': [{ code: 200, msg: '', data: SESSION }] };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/chat', () => {
  it('keeps the visitor per agent and streams from the last seq it holds', async () => {
    await ready();
    expect(JSON.parse(localStorage.getItem('acs-chat:5')!)).toEqual({ visitorId: 'v1', visitorToken: 'tok1' });
    expect(FakeEventSource.last!.url).toBe('/prod-api/chat/stream?conversationId=42&visitorToken=tok1&after=0');
    cleanup();
    answers['/chat/session'] = [{ code: 200, msg: '', data: SESSION }];
    await ready();
    expect(bodiesOf('/chat/session').at(-1)).toEqual({ agentId: 5, visitorId: 'v1', visitorToken: 'tok1' });
  });

  it('a quick question is sent at once as pending and becomes the stored message on its echo', async () => {
    await ready();
    fireEvent.click(screen.getByRole('button', { name: '怎么收费？' }));
    const [body] = bodiesOf('/chat/message');
    expect(body).toMatchObject({ conversationId: 42, visitorToken: 'tok1', content: '怎么收费？' });
    expect(body.clientMsgId).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText('发送中…')).toBeTruthy();
    const stored = { messageId: 9, seq: 1, clientMsgId: body.clientMsgId, sender: 'customer', content: '怎么收费？', createTime: '2026-11-23 10:00:00' };
    FakeEventSource.last!.emit('message', stored);
    FakeEventSource.last!.emit('message', stored);
    expect(screen.queryByText('发送中…')).toBeNull();
    expect(screen.getAllByText('怎么收费？')).toHaveLength(2); // the chip and one bubble
  });

  it('重发 resends a failed message with the same clientMsgId', async () => {
    answers['/chat/message'] = [{ code: 500, msg: '操作过于频繁，请稍后再试' }];
    await ready();
    const box = screen.getByRole('textbox', { name: '输入消息' });
    fireEvent.change(box, { target: { value: '你好' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('发送失败：操作过于频繁，请稍后再试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重发' }));
    await waitFor(() => expect(bodiesOf('/chat/message')).toHaveLength(2));
    const [first, second] = bodiesOf('/chat/message');
    expect(second.clientMsgId).toBe(first.clientMsgId);
  });

  it('Shift+Enter keeps typing; the counter shows the 1000-character limit', async () => {
    await ready();
    const box = screen.getByRole('textbox', { name: '输入消息' });
    fireEvent.change(box, { target: { value: '第一行' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(bodiesOf('/chat/message')).toHaveLength(0);
    expect(screen.getByLabelText('字数').textContent).toBe('3/1000');
    expect(box.getAttribute('maxLength')).toBe('1000');
  });

  it('a lost stream shows the notice, queues what is typed and sends it once reconnected from the last seq', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await ready();
      const first = FakeEventSource.last!;
      first.emit('message', { messageId: 7, seq: 3, sender: 'ai', content: '在的', createTime: '2026-11-23 10:00:00' });
      act(() => first.onerror?.());
      expect(screen.getByText('网络已断开，正在重连…')).toBeTruthy();
      const box = screen.getByRole('textbox', { name: '输入消息' });
      fireEvent.change(box, { target: { value: '还在吗' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(screen.getByText('等待网络恢复后发送')).toBeTruthy();
      expect(bodiesOf('/chat/message')).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(1100));
      const second = FakeEventSource.last!;
      expect(second).not.toBe(first);
      expect(second.url).toContain('after=3');
      second.open();
      expect(screen.queryByText('网络已断开，正在重连…')).toBeNull();
      await waitFor(() => expect(bodiesOf('/chat/message')).toMatchObject([{ content: '还在吗' }]));
    } finally {
      vi.useRealTimers();
    }
  });

  it('the AI draft grows from deltas and the stored reply takes its place', async () => {
    await ready();
    const es = FakeEventSource.last!;
    es.emit('typing', { sender: 'ai', on: true });
    expect(screen.getByLabelText('对方正在输入')).toBeTruthy();
    es.emit('delta', { tempId: 't1', text: '费用' });
    es.emit('delta', { tempId: 't1', text: '面议' });
    expect(screen.getByText('费用面议')).toBeTruthy();
    expect(screen.queryByLabelText('对方正在输入')).toBeNull();
    es.emit('message', { messageId: 8, seq: 2, sender: 'ai', content: '费用面议。', tempId: 't1', createTime: '2026-11-23 10:00:00' });
    expect(screen.queryByText('费用面议')).toBeNull();
    expect(screen.getByText('费用面议。')).toBeTruthy();
  });

  it('a clarify reply shows its first line and the candidates as quick replies, tapped once', async () => {
    await ready();
    const es = FakeEventSource.last!;
    es.emit('message', { messageId: 20, seq: 1, clientMsgId: 'x', sender: 'customer', content: '快递费用', createTime: '2026-11-23 10:00:00' });
    es.emit('message', {
      messageId: 21,
      seq: 2,
      sender: 'ai',
      content: '您是想问：\n1. 运费怎么算\n2. 退货运费谁出\n3. 发什么快递',
      suggestions: ['运费怎么算', '退货运费谁出', '发什么快递'],
      createTime: '2026-11-23 10:00:01',
    });
    // The numbered list is not shown twice: the bubble keeps the prompt, the questions are the buttons.
    expect(screen.getByText('您是想问：')).toBeTruthy();
    expect(screen.queryByText(/1\. 运费怎么算/)).toBeNull();
    const group = screen.getByRole('group', { name: '您是想问' });
    const chips = [...group.querySelectorAll('button')];
    expect(chips.map((b) => b.textContent)).toEqual(['运费怎么算', '退货运费谁出', '发什么快递']);

    fireEvent.click(screen.getByRole('button', { name: '退货运费谁出' }));
    const [body] = bodiesOf('/chat/message');
    expect(body).toMatchObject({ conversationId: 42, visitorToken: 'tok1', content: '退货运费谁出' });
    expect(chips.every((b) => b.disabled)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '发什么快递' }));
    expect(bodiesOf('/chat/message')).toHaveLength(1);

    // Stored, the customer's reply still closes the suggestions of the message before it.
    es.emit('message', { messageId: 22, seq: 3, clientMsgId: body.clientMsgId, sender: 'customer', content: '退货运费谁出', createTime: '2026-11-23 10:00:05' });
    expect(screen.queryByText('发送中…')).toBeNull();
    expect(chips.every((b) => b.disabled)).toBe(true);
  });

  it('a message without suggestions keeps its whole text, and typing also closes open suggestions', async () => {
    await ready();
    const es = FakeEventSource.last!;
    es.emit('message', { messageId: 30, seq: 1, sender: 'ai', content: '第一行\n第二行', createTime: '2026-11-23 10:00:00' });
    expect(screen.getByText(/第一行\s+第二行/)).toBeTruthy();
    es.emit('message', { messageId: 31, seq: 2, sender: 'ai', content: '您是想问：\n1. 几点开门', suggestions: ['几点开门'], createTime: '2026-11-23 10:00:00' });
    const chip = screen.getByRole('button', { name: '几点开门' }) as HTMLButtonElement;
    expect(chip.disabled).toBe(false);
    const box = screen.getByRole('textbox', { name: '输入消息' });
    fireEvent.change(box, { target: { value: '周末呢' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(chip.disabled).toBe(true);
  });

  it('the contact card checks its fields before sending them with the consent', async () => {
    await ready();
    fireEvent.click(screen.getByRole('button', { name: '留下联系方式' }));
    const form = screen.getByRole('form', { name: '留下联系方式' });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(form.textContent).toContain('请至少填写手机号或微信号');
    expect(form.textContent).toContain('请先同意授权说明');
    fireEvent.change(screen.getByPlaceholderText('请输入手机号'), { target: { value: '1380013' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(form.textContent).toContain('请输入正确的手机号码');
    fireEvent.change(screen.getByPlaceholderText('请输入手机号'), { target: { value: '138 0013 8000' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(bodiesOf('/chat/contact')).toEqual([{ conversationId: 42, visitorToken: 'tok1', consent: true, phone: '13800138000' }]));
    await waitFor(() => expect(screen.queryByRole('form', { name: '留下联系方式' })).toBeNull());
    expect(screen.queryByRole('button', { name: '留下联系方式' })).toBeNull();
  });

  it('a closed conversation disables input and 开始新会话 asks for a new one', async () => {
    await ready();
    FakeEventSource.last!.emit('status', { status: 'closed', assigneeName: '' });
    expect(screen.queryByRole('textbox', { name: '输入消息' })).toBeNull();
    answers['/chat/session'] = [{ code: 200, msg: '', data: { ...SESSION, conversation: { conversationId: 43, status: 'ai' } } }];
    fireEvent.click(screen.getByRole('button', { name: '开始新会话' }));
    await screen.findByRole('textbox', { name: '输入消息' });
    expect(bodiesOf('/chat/session').at(-1)).toMatchObject({ agentId: 5, newConversation: true });
  });

  it('an unreachable server offers 重试, which opens the chat once it answers', async () => {
    answers['/chat/session'] = [new TypeError('Failed to fetch'), { code: 200, msg: '', data: SESSION }];
    renderChat();
    expect(await screen.findByText('网络连接失败，请检查网络后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('您好，欢迎咨询！')).toBeTruthy();
  });

  it("a missing or unpublished agent shows the server's message on a full page", async () => {
    answers['/chat/session'] = [{ code: 500, msg: '该客服不存在或未发布' }];
    renderChat();
    expect(await screen.findByText('该客服不存在或未发布')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '暂时无法咨询' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });
});
