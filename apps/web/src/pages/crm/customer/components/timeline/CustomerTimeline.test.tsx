import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { CustomerTimeline as Data, TimelineMessage } from '../../../../../api/crm/customer';
import { installCustomerDom } from '../testSetup';
import CustomerTimeline from './CustomerTimeline';
import { splitByValues } from './evidence';

beforeAll(installCustomerDom);
afterEach(cleanup);

const message = (m: Partial<TimelineMessage> & { messageId: number; content: string }): TimelineMessage => ({
  conversationId: 9,
  seq: m.messageId,
  sender: 'customer',
  senderName: '',
  leadFields: [],
  createTime: '2026-01-05 10:00:00',
  ...m,
});

const EVIDENCE = message({ messageId: 12, seq: 2, content: '我的电话是138****5678，晚上打', createTime: '2026-01-05 10:01:00' });

const DATA: Data = {
  truncated: false,
  limit: 500,
  items: [
    { type: 'event', time: '2026-01-05 10:05:00', eventId: 1, leadId: 31, kind: 'assign', fromStatus: 'new', toStatus: 'assigned', fromOwnerName: '', toOwnerName: '销售小李', reason: '规则「华东」，轮流分配', operatorName: 'system' },
    { type: 'field', time: '2026-01-05 10:01:00', leadId: 31, field: 'phone', value: '138****5678', method: 'regex', messageId: 12, evidence: '电话是138****5678', message: EVIDENCE },
    { type: 'lead', time: '2026-01-05 10:01:00', leadId: 31, conversationId: 9, channel: 'web', source: 'chat', status: 'assigned', ownerName: '销售小李', name: '', phone: '138****5678', phoneMasked: '', wechat: '', fields: [] },
    {
      type: 'conversation',
      time: '2026-01-05 10:00:00',
      conversationId: 9,
      channel: 'web',
      agentName: '售前助手',
      status: 'ai',
      messages: [
        message({ messageId: 11, content: '你们的价格是多少？' }),
        message({ messageId: 13, seq: 3, sender: 'ai', senderName: '售前助手', content: '好的，稍后联系您' }),
        EVIDENCE,
      ],
    },
  ],
};

describe('CustomerTimeline', () => {
  it('highlights the message that evidences a captured field, in its conversation and under the field', () => {
    const { container } = render(<CustomerTimeline data={DATA} loading={false} />);
    const highlighted = [...container.querySelectorAll<HTMLElement>('[data-evidence="true"]')];
    // Once in the conversation, once quoted under the 留资 entry; no other message is marked.
    expect(highlighted).toHaveLength(2);
    for (const el of highlighted) {
      expect(el.textContent).toContain('我的电话是138****5678');
      expect(within(el).getByText('留资证据：手机号')).toBeTruthy();
      expect(el.querySelector('mark')?.textContent).toBe('138****5678');
    }
    expect(container.querySelector('#customer-timeline-msg-12')?.getAttribute('data-evidence')).toBe('true');
    expect(container.querySelector('#customer-timeline-msg-11')?.getAttribute('data-evidence')).toBeNull();
    expect(screen.getByText('在会话中查看')).toBeTruthy();
  });

  it('shows every kind of entry in one line, newest first, with the operator and reason of history entries', () => {
    const { container } = render(<CustomerTimeline data={DATA} loading={false} />);
    const entries = [...container.querySelectorAll('.ct-title')].map((e) => e.textContent);
    expect(entries).toEqual(['分配 · 线索 #31', '留资 · 手机号：138****5678自动识别', '线索 #31已分配', '网页会话 #9 · 售前助手AI接待中']);
    expect(screen.getByText(/操作人：系统 · 状态：待分配 → 已分配 · 负责人：公海 → 销售小李/)).toBeTruthy();
    expect(screen.getByText('规则「华东」，轮流分配')).toBeTruthy();
    expect(screen.getByText('AI客服 · 售前助手')).toBeTruthy();
  });

  it('says when there is nothing yet, and when only the newest entries are shown', () => {
    const { unmount } = render(<CustomerTimeline data={{ items: [], truncated: false, limit: 500 }} loading={false} />);
    expect(screen.getByText('暂无记录')).toBeTruthy();
    unmount();
    render(<CustomerTimeline data={{ ...DATA, truncated: true }} loading={false} />);
    expect(screen.getByText('记录较多，每类仅显示最近 500 条')).toBeTruthy();
  });
});

describe('splitByValues', () => {
  it('cuts the text around every captured value, longest first', () => {
    expect(splitByValues('微信zhang88，电话13812345678', ['13812345678', 'zhang88'])).toEqual([
      { text: '微信', hit: false },
      { text: 'zhang88', hit: true },
      { text: '，电话', hit: false },
      { text: '13812345678', hit: true },
    ]);
    expect(splitByValues('没有号码', [])).toEqual([{ text: '没有号码', hit: false }]);
  });
});
