import { beforeEach, describe, expect, it, vi } from 'vitest';
import { duplicate, removeAgents, setStatus } from './agentActions';

const confirmDialog = vi.fn();
const toastSuccess = vi.fn();
vi.mock('../../../../utils/feedback', () => ({
  confirmDialog: (opts: unknown) => confirmDialog(opts),
  toast: { success: (text: string) => toastSuccess(text) },
}));

const delAgent = vi.fn();
const changeAgentStatus = vi.fn();
const duplicateAgent = vi.fn();
vi.mock('../../../../api/ai/agent', () => ({
  delAgent: (ids: unknown) => delAgent(ids),
  changeAgentStatus: (id: unknown, status: unknown) => changeAgentStatus(id, status),
  duplicateAgent: (id: unknown) => duplicateAgent(id),
}));

const agent = { agentId: 101, name: '售前助手' };

beforeEach(() => {
  vi.clearAllMocks();
  delAgent.mockResolvedValue({ code: 200 });
  changeAgentStatus.mockResolvedValue({ code: 200 });
});

describe('agent list actions', () => {
  it('asks before deleting, naming one agent or counting several', async () => {
    confirmDialog.mockResolvedValue(false);
    expect(await removeAgents([agent])).toBe(false);
    expect(confirmDialog).toHaveBeenCalledWith({ content: '确认删除客服"售前助手"吗？' });
    expect(delAgent).not.toHaveBeenCalled();

    confirmDialog.mockResolvedValue(true);
    expect(await removeAgents([agent, { agentId: 102, name: '招聘助手' }])).toBe(true);
    expect(confirmDialog).toHaveBeenLastCalledWith({ content: '确认删除选中的2个客服吗？' });
    expect(delAgent).toHaveBeenCalledWith([101, 102]);
    expect(toastSuccess).toHaveBeenCalledWith('删除成功');
  });

  it('reports no change when the server refuses (its message was already shown)', async () => {
    confirmDialog.mockResolvedValue(true);
    delAgent.mockRejectedValue(new Error("客服'售前助手'已绑定渠道'官网咨询',不能删除"));
    expect(await removeAgents([agent])).toBe(false);
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('publishes at once but asks before disabling', async () => {
    expect(await setStatus(agent, 'published')).toBe(true);
    expect(confirmDialog).not.toHaveBeenCalled();
    expect(changeAgentStatus).toHaveBeenCalledWith(101, 'published');
    expect(toastSuccess).toHaveBeenCalledWith('发布成功');

    confirmDialog.mockResolvedValue(false);
    expect(await setStatus(agent, 'disabled')).toBe(false);
    expect(confirmDialog.mock.calls[0][0]).toMatchObject({ content: expect.stringContaining('确认停用客服"售前助手"吗？') });
    expect(changeAgentStatus).toHaveBeenCalledTimes(1);
  });

  it('gives the copy’s id after duplicating', async () => {
    duplicateAgent.mockResolvedValue({ code: 200, data: 130 });
    expect(await duplicate(agent)).toBe(130);
    duplicateAgent.mockRejectedValue(new Error('客服不存在'));
    expect(await duplicate(agent)).toBeUndefined();
  });
});
