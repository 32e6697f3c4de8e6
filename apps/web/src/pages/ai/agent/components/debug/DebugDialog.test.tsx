import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ChatMessageRow, DebugTurn } from '../../../../../api/ai/agent';
import { installDomStubs } from '../testStubs';
import DebugDialog from './DebugDialog';

const debugChat = vi.fn();
const resetDebug = vi.fn();
vi.mock('../../../../../api/ai/agent', () => ({
  debugChat: (...args: unknown[]) => debugChat(...args),
  resetDebug: (...args: unknown[]) => resetDebug(...args),
}));

beforeAll(installDomStubs);
beforeEach(() => {
  debugChat.mockReset();
  resetDebug.mockReset().mockResolvedValue({ code: 200, msg: '操作成功' });
});
afterEach(cleanup);

const message = (m: Partial<ChatMessageRow>): ChatMessageRow => ({
  messageId: 1,
  seq: 1,
  sender: 'customer',
  content: '',
  promptTokens: 0,
  completionTokens: 0,
  latencyMs: 0,
  leadFields: [],
  ...m,
});

function turn(content: string): { code: number; msg: string; data: DebugTurn } {
  return {
    code: 200,
    msg: '操作成功',
    data: {
      conversationId: 900,
      status: 'ai',
      turn: {
        customer: message({ messageId: 1, content }),
        replies: [message({ messageId: 2, seq: 2, sender: 'ai', content: '基础版每月99元', hit: { type: 'rule', id: 7, name: '价格' }, latencyMs: 4 })],
      },
      found: [{ field: 'phone', value: '13800138000', method: 'regex', evidence: '13800138000' }],
    },
  };
}

const input = () => screen.getByLabelText('调试消息') as HTMLTextAreaElement;

describe('DebugDialog', () => {
  it('sends on Enter, not on Shift+Enter, and shows the hit, latency and lead fields of the turn', async () => {
    debugChat.mockResolvedValue(turn('价格多少？电话13800138000'));
    render(<DebugDialog agent={{ agentId: 101, name: '售前助手' }} onClose={vi.fn()} />);

    fireEvent.change(input(), { target: { value: '价格多少？电话13800138000' } });
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(debugChat).not.toHaveBeenCalled();

    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(debugChat).toHaveBeenCalledWith(101, '价格多少？电话13800138000', undefined));
    expect(await screen.findByText('规则 #7 「价格」')).toBeTruthy();
    expect(screen.getByText('基础版每月99元')).toBeTruthy();
    expect(screen.getByText(/4 ms/)).toBeTruthy();
    expect(screen.getByText('识别到 手机号 13800138000')).toBeTruthy();
    expect(input().value).toBe('');
  });

  it('continues the same conversation, and 重置对话 deletes it and clears the panel', async () => {
    debugChat.mockResolvedValue(turn('你好'));
    render(<DebugDialog agent={{ agentId: 101, name: '售前助手' }} onClose={vi.fn()} />);
    fireEvent.change(input(), { target: { value: '你好' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await screen.findByText('基础版每月99元');

    debugChat.mockResolvedValue({ ...turn('再问'), data: { ...turn('再问').data, turn: { customer: message({ messageId: 3, content: '再问' }), replies: [] } } });
    fireEvent.change(input(), { target: { value: '再问' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(debugChat).toHaveBeenLastCalledWith(101, '再问', 900));

    fireEvent.click(screen.getByRole('button', { name: /重置对话/ }));
    await waitFor(() => expect(resetDebug).toHaveBeenCalledWith(101, 900));
    await waitFor(() => expect(screen.queryByText('基础版每月99元')).toBeNull());
  });

  it('offers a clarify’s candidates as buttons that send the question, with their scores in the details', async () => {
    const clarify = message({
      messageId: 12,
      seq: 2,
      sender: 'ai',
      content: '您是想问：\n1. 运费怎么算\n2. 发什么快递',
      hit: {
        type: 'clarify',
        candidates: [
          { id: 41, name: '运费怎么算', score: 0.47 },
          { id: 43, name: '发什么快递', score: 0.35 },
        ],
      },
    });
    debugChat.mockResolvedValueOnce({
      code: 200,
      msg: '操作成功',
      data: { conversationId: 900, status: 'ai', turn: { customer: message({ messageId: 11, content: '快递费用' }), replies: [clarify] }, found: [] },
    });
    render(<DebugDialog agent={{ agentId: 101, name: '售前助手' }} onClose={vi.fn()} />);
    fireEvent.change(input(), { target: { value: '快递费用' } });
    fireEvent.keyDown(input(), { key: 'Enter' });

    expect(await screen.findByText('澄清：候选 2 条')).toBeTruthy();
    expect(screen.getByText('您是想问：')).toBeTruthy();
    const group = screen.getByRole('group', { name: '您是想问' });
    expect([...group.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['运费怎么算', '发什么快递']);
    expect(screen.getByTestId('hit-candidates').textContent).toBe('候选（相似度）：1. 运费怎么算 0.47 · 2. 发什么快递 0.35');

    debugChat.mockResolvedValueOnce({
      code: 200,
      msg: '操作成功',
      data: {
        conversationId: 900,
        status: 'ai',
        turn: {
          customer: message({ messageId: 13, seq: 3, content: '发什么快递' }),
          replies: [message({ messageId: 14, seq: 4, sender: 'ai', content: '默认发顺丰。', hit: { type: 'knowledge', id: 43, name: '发什么快递', score: 1 } })],
        },
        found: [],
      },
    });
    fireEvent.change(input(), { target: { value: '还没发出' } });
    fireEvent.click(screen.getByRole('button', { name: '发什么快递' }));
    await waitFor(() => expect(debugChat).toHaveBeenLastCalledWith(101, '发什么快递', 900));
    expect(await screen.findByText('默认发顺丰。')).toBeTruthy();
    // Answered: the suggestions of the earlier reply no longer send, and the typed text is kept.
    expect((screen.getByRole('button', { name: '运费怎么算' }) as HTMLButtonElement).disabled).toBe(true);
    expect(input().value).toBe('还没发出');
  });
});
