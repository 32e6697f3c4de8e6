import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { LeadChatMessage, LeadDetail, LeadRow } from '../../../../api/crm/lead';
import { useUserStore } from '../../../../stores/user';
import { installDomStubs } from '../../../ai/agent/components/testStubs';
import AssignDialog from './AssignDialog';
import ChatDialog from './ChatDialog';
import FollowupDialog from './FollowupDialog';
import LeadHistory from './LeadHistory';
import { PAGE_TEST_TIMEOUT, pick, renderWithClient, selectOptions } from './testing';

const api = {
  leadChat: vi.fn(),
  getLead: vi.fn(),
  assignLeads: vi.fn(),
  releaseLeads: vi.fn(),
  addFollowup: vi.fn(),
  changeLeadStatus: vi.fn(),
};
vi.mock('../../../../api/crm/lead', () => ({
  leadChat: (...a: unknown[]) => api.leadChat(...a),
  getLead: (...a: unknown[]) => api.getLead(...a),
  assignLeads: (...a: unknown[]) => api.assignLeads(...a),
  releaseLeads: (...a: unknown[]) => api.releaseLeads(...a),
  addFollowup: (...a: unknown[]) => api.addFollowup(...a),
  changeLeadStatus: (...a: unknown[]) => api.changeLeadStatus(...a),
}));
vi.mock('../../../../api/crm/staff', () => ({
  listStaff: async () => ({ code: 200, msg: '', data: [{ userId: 2, userName: 'li', nickName: '小李', deptName: '销售一部' }] }),
}));
const confirmDialog = vi.fn();
vi.mock('../../../../utils/feedback', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  confirmDialog: (...a: unknown[]) => confirmDialog(...a),
}));

const scrolled: Element[] = [];
beforeAll(() => {
  installDomStubs();
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this);
  };
});
beforeEach(() => {
  useUserStore.setState({ permissions: ['*:*:*'] });
  Object.values(api).forEach((f) => f.mockReset().mockResolvedValue({ code: 200, msg: '操作成功' }));
  confirmDialog.mockReset().mockResolvedValue(true);
  scrolled.length = 0;
});
afterEach(cleanup);

const row = (patch: Partial<LeadRow> = {}) =>
  ({ leadId: 7, name: '王女士', phone: '13800138000', phoneMasked: '', wechat: '', status: 'assigned', ownerId: 2, ownerName: '小李', ...patch }) as LeadRow;

const detail = (patch: Partial<LeadDetail> = {}): { code: number; msg: string; data: LeadDetail } => ({
  code: 200,
  msg: '',
  data: {
    ...row(),
    fields: [],
    events: [{ eventId: 1, kind: 'assign', fromStatus: 'new', toStatus: 'assigned', fromOwnerName: '', toOwnerName: '小李', reason: '规则 售前，轮流分配', operatorName: 'system', createTime: '2025-01-02 09:00:00' }],
    followups: [{ followupId: 1, result: 'no_answer', note: '没人接', nextContactTime: null, userName: '小李', createTime: '2025-01-02 10:00:00' }],
    ...patch,
  } as LeadDetail,
});

const message = (m: Partial<LeadChatMessage>): LeadChatMessage => ({ messageId: 1, seq: 1, sender: 'customer', senderName: '', content: '', createTime: '2025-01-02 08:58:00', evidence: false, ...m });

describe('聊天记录', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('highlights the evidencing message and scrolls it into view', async () => {
    api.leadChat.mockResolvedValue({
      code: 200,
      msg: '',
      data: {
        leadId: 7,
        conversationId: 30,
        messages: [
          message({ messageId: 1, content: '你好，想了解价格' }),
          message({ messageId: 2, seq: 2, sender: 'ai', senderName: '售前助手', content: '方便留个电话吗？' }),
          message({ messageId: 3, seq: 3, content: '13800138000', evidence: true }),
        ],
      },
    });
    renderWithClient(<ChatDialog lead={row()} onClose={vi.fn()} />);
    const evidence = (await screen.findByText('13800138000')).closest('.conv-msg')!;
    expect(evidence.classList.contains('lead-chat-evidence')).toBe(true);
    expect(evidence.textContent).toContain('留资依据');
    expect(screen.getByText('你好，想了解价格').closest('.conv-msg')!.classList.contains('lead-chat-evidence')).toBe(false);
    expect(screen.getAllByText('留资依据')).toHaveLength(1);
    await waitFor(() => expect(scrolled).toContain(evidence));
    expect(api.leadChat).toHaveBeenCalledWith(7);
  });

  it('says so when the lead has no conversation', async () => {
    api.leadChat.mockResolvedValue({ code: 200, msg: '', data: { leadId: 7, conversationId: null, messages: [] } });
    renderWithClient(<ChatDialog lead={row()} onClose={vi.fn()} />);
    expect(await screen.findByText('该线索没有会话记录')).toBeTruthy();
  });
});

describe('跟进', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('offers only the status moves the rule table allows, and sends the chosen one with its reason', async () => {
    api.getLead.mockResolvedValue(detail());
    const onChanged = vi.fn();
    renderWithClient(<FollowupDialog lead={row()} onClose={vi.fn()} onChanged={onChanged} />);
    expect(await screen.findByText('没人接')).toBeTruthy();
    expect(await selectOptions('新状态')).toEqual(['待分配', '已联系', '已成交', '无效']);

    fireEvent.click(screen.getByRole('button', { name: '变更状态' }));
    expect(await screen.findByText('请填写变更原因')).toBeTruthy();
    expect(api.changeLeadStatus).not.toHaveBeenCalled();

    await pick('新状态', '无效');
    fireEvent.change(screen.getByLabelText('变更原因'), { target: { value: '空号' } });
    fireEvent.click(screen.getByRole('button', { name: '变更状态' }));
    await waitFor(() => expect(api.changeLeadStatus).toHaveBeenCalledWith(7, 'invalid', '空号'));
    expect(confirmDialog).toHaveBeenCalledWith(expect.objectContaining({ content: '确认将线索状态从「已分配」变为「无效」吗？' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('lets a pool lead only be marked invalid, and a converted one not at all', async () => {
    api.getLead.mockResolvedValue(detail({ status: 'new', ownerId: null, ownerName: null }));
    const { unmount } = renderWithClient(<FollowupDialog lead={row({ status: 'new' })} onClose={vi.fn()} onChanged={vi.fn()} />);
    await screen.findByText('没人接');
    expect(await selectOptions('新状态')).toEqual(['无效']);
    // A follow-up that contacts the customer is a move new → contacted, which the table refuses.
    expect((screen.getByLabelText('已沟通') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('未接通') as HTMLInputElement).disabled).toBe(false);
    unmount();

    api.getLead.mockResolvedValue(detail({ status: 'converted' }));
    renderWithClient(<FollowupDialog lead={row({ status: 'converted' })} onClose={vi.fn()} onChanged={vi.fn()} />);
    expect(await screen.findByText('「已成交」是最终状态，不能再变更')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: '新状态' })).toBeNull();
    expect(screen.getByRole('button', { name: '保存跟进' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves a follow-up with its result, note and next contact time', async () => {
    api.getLead.mockResolvedValue(detail());
    const onClose = vi.fn();
    renderWithClient(<FollowupDialog lead={row()} onClose={onClose} onChanged={vi.fn()} />);
    await screen.findByText('没人接');
    fireEvent.click(screen.getByRole('button', { name: '保存跟进' }));
    expect(await screen.findByText('请选择跟进结果')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('有意向'));
    fireEvent.change(screen.getByLabelText('跟进内容'), { target: { value: '  下周来店  ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存跟进' }));
    await waitFor(() => expect(api.addFollowup).toHaveBeenCalledWith(7, { result: 'interested', note: '下周来店', nextContactTime: undefined }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('线索动态', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('lists the history newest first with each move in words', async () => {
    const at = '2025-01-02 09:00:00';
    const history = {
      followups: [],
      events: [
        { eventId: 1, kind: 'capture', fromStatus: '', toStatus: 'new', reason: '网页会话留资', operatorName: 'system', createTime: at },
        { eventId: 2, kind: 'assign', fromStatus: 'new', toStatus: 'assigned', fromOwnerName: '', toOwnerName: '小李', reason: '规则“售前”', operatorName: 'system', createTime: at },
      ],
    } as Pick<LeadDetail, 'events' | 'followups'>;
    renderWithClient(<LeadHistory detail={history} />);
    expect(screen.getByText('暂无跟进记录')).toBeTruthy();
    fireEvent.click(screen.getByText('线索动态（2）'));
    const items = await screen.findAllByText(/^(留资|分配)$/);
    expect(items.map((i) => i.textContent)).toEqual(['分配', '留资']);
    expect(screen.getByText('待分配 → 已分配，负责人 公海 → 小李')).toBeTruthy();
    expect(screen.getAllByText(/^系统 · /)).toHaveLength(2);
  });
});

describe('分配', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('requires a member and a reason, then assigns every chosen lead', async () => {
    const onDone = vi.fn();
    renderWithClient(<AssignDialog leads={[row(), row({ leadId: 8, name: '赵先生' })]} onClose={vi.fn()} onDone={onDone} />);
    expect(screen.getByText('分配线索（已选 2 条）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请填写分配原因')).toBeTruthy();
    expect(screen.getByText('请选择分配给的成员')).toBeTruthy();
    expect(api.assignLeads).not.toHaveBeenCalled();

    await pick('分配给', '小李（销售一部 · li）');
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '客户指定' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.assignLeads).toHaveBeenCalledWith([7, 8], 2, '客户指定'));
    expect(onDone).toHaveBeenCalled();
  });

  it('returns leads to the pool with a reason, no member asked', async () => {
    renderWithClient(<AssignDialog leads={[row()]} onClose={vi.fn()} onDone={vi.fn()} />);
    fireEvent.click(screen.getByLabelText('退回公海'));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: '分配给' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请填写退回公海的原因')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '联系不上' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.releaseLeads).toHaveBeenCalledWith([7], '联系不上'));
  });
});
