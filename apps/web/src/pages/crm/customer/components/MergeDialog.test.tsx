import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { customer, installCustomerDom, ok, renderWithQuery } from './testSetup';
import MergeDialog from './MergeDialog';

const api = vi.hoisted(() => ({ getCustomer: vi.fn(), mergeCustomer: vi.fn() }));
vi.mock('../../../../api/crm/customer', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));
const feedback = vi.hoisted(() => ({ confirm: vi.fn(), success: vi.fn() }));
vi.mock('../../../../utils/feedback', () => ({
  toast: { success: feedback.success, error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  confirmDialog: feedback.confirm,
}));

const KEPT = customer({ customerId: 101, name: '张三', phone: '138****5678', wechat: '', ownerId: 2, ownerName: '销售小李', stage: 'lead', remark: '老客户' });
const MERGED = customer({ customerId: 102, name: '张先生', phone: '', wechat: 'zhang_wx', ownerId: 3, ownerName: '销售小王', stage: 'customer', remark: '' });

beforeAll(installCustomerDom);
beforeEach(() => {
  Object.values(api).forEach((f) => f.mockReset());
  Object.values(feedback).forEach((f) => f.mockReset());
  api.getCustomer.mockImplementation(async (id: number) => ok({ ...(id === 101 ? KEPT : MERGED), identities: [] }));
  api.mergeCustomer.mockResolvedValue({ code: 200, msg: '操作成功' });
});
afterEach(cleanup);

const pickRight = (label: string) => fireEvent.click(screen.getByLabelText(`${label}：保留右侧`));
const submit = () => fireEvent.click(screen.getByRole('button', { name: /合\s*并/ }));

describe('MergeDialog', () => {
  it('shows both customers and sends the side picked for each field after the confirmation', async () => {
    const onMerged = vi.fn();
    feedback.confirm.mockResolvedValue(true);
    renderWithQuery(<MergeDialog ids={[101, 102]} onClose={vi.fn()} onMerged={onMerged} />);
    expect(await screen.findByText('保留：张三（#101）')).toBeTruthy();
    expect(screen.getByText('并入后删除：张先生（#102）')).toBeTruthy();
    expect(screen.getByText('138****5678')).toBeTruthy();

    pickRight('客户名称');
    pickRight('阶段');
    submit();

    await waitFor(() => expect(api.mergeCustomer).toHaveBeenCalledTimes(1));
    expect(feedback.confirm.mock.calls[0][0].content).toContain('确认将客户"张先生"合并到"张三"吗');
    // 微信号 is empty on the kept side, so it defaults to the merged customer's.
    expect(api.mergeCustomer).toHaveBeenCalledWith({
      targetId: 101,
      sourceId: 102,
      pick: { name: 'source', phone: 'target', wechat: 'source', ownerId: 'target', stage: 'source', remark: 'target' },
    });
    expect(feedback.success).toHaveBeenCalledWith('合并成功');
    expect(onMerged).toHaveBeenCalled();
  });

  it('merges the other way after 交换保留方, and sends nothing when the confirmation is cancelled', async () => {
    feedback.confirm.mockResolvedValue(false);
    renderWithQuery(<MergeDialog ids={[101, 102]} onClose={vi.fn()} onMerged={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /交换保留方/ }));
    expect(await screen.findByText('保留：张先生（#102）')).toBeTruthy();
    submit();
    await waitFor(() => expect(feedback.confirm).toHaveBeenCalled());
    expect(api.mergeCustomer).not.toHaveBeenCalled();

    feedback.confirm.mockResolvedValue(true);
    submit();
    await waitFor(() =>
      expect(api.mergeCustomer).toHaveBeenCalledWith({
        targetId: 102,
        sourceId: 101,
        pick: { name: 'target', phone: 'source', wechat: 'target', ownerId: 'target', stage: 'target', remark: 'source' },
      }),
    );
  });
});
