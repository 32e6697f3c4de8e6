import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DistributionRule, SimulationResult } from '../../../api/crm/distribution';
import { useDictStore } from '../../../stores/dict';
import { useUserStore } from '../../../stores/user';
import { installDomStubs } from '../../ai/agent/components/testStubs';
import { PAGE_TEST_TIMEOUT, pick, renderWithClient } from '../customerLeave/components/testing';
import DistributionPage from './index';

const api = vi.hoisted(() => ({
  listDistribution: vi.fn(),
  getDistribution: vi.fn(),
  addDistribution: vi.fn(),
  updateDistribution: vi.fn(),
  delDistribution: vi.fn(),
  changeDistributionStatus: vi.fn(),
  distributionLog: vi.fn(),
  simulateDistribution: vi.fn(),
}));
vi.mock('../../../api/crm/distribution', () => api);
vi.mock('../../../api/ai/agent', () => ({ listAgent: async () => ({ code: 200, msg: '', rows: [{ agentId: 1, name: '售前助手' }], total: 1 }) }));
vi.mock('../../../api/crm/staff', () => ({
  listStaff: async () => ({
    code: 200,
    msg: '',
    data: [
      { userId: 2, userName: 'li', nickName: '小李', deptName: '销售一部' },
      { userId: 3, userName: 'zhao', nickName: '小赵', deptName: '销售一部' },
    ],
  }),
}));
vi.mock('../../../utils/feedback', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  confirmDialog: vi.fn(),
}));

beforeAll(installDomStubs);
beforeEach(() => {
  useUserStore.setState({ permissions: ['*:*:*'] });
  useDictStore.setState({ dicts: { sys_normal_disable: [{ label: '正常', value: '0' }, { label: '停用', value: '1' }] } });
  Object.values(api).forEach((f) => f.mockReset().mockResolvedValue({ code: 200, msg: '操作成功' }));
  api.listDistribution.mockResolvedValue({ code: 200, msg: '', rows: [rule()], total: 1 });
});
afterEach(cleanup);

function rule(patch: Partial<DistributionRule> = {}): DistributionRule {
  return {
    ruleId: 1,
    name: '网页线索',
    priority: 0,
    scope: { channels: ['web'], agentIds: [1], sources: [] },
    method: 'weighted',
    firstContactMinutes: 30,
    reclaimMinutes: 120,
    reclaimTo: 'pool',
    webhookKind: 'wecom',
    webhookUrl: 'https://qyapi.example.com/hook',
    webhookError: '群机器人返回 93000',
    status: '0',
    members: [{ userId: 2, nickName: '小李' }],
    todayAssigned: 3,
    createTime: '2025-01-01 09:00:00',
    ...patch,
  };
}

const dialog = () => screen.getByRole('dialog');
const ok = () => fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));

async function openAdd() {
  renderWithClient(<DistributionPage />);
  await screen.findByText('网页线索');
  fireEvent.click(screen.getByRole('button', { name: /新增/ }));
  await waitFor(() => expect(within(dialog()).getByText('添加分配规则')).toBeTruthy());
}

async function addMember(option: string) {
  await pick('选择成员', option);
  fireEvent.click(within(dialog()).getByRole('button', { name: /添加成员/ }));
}

describe('员工分配', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('lists a rule with its scope, method, reclaim and the notification failure', async () => {
    renderWithClient(<DistributionPage />);
    const row = (await screen.findByText('网页线索')).closest('tr')!;
    expect(within(row).getByText('渠道 网页 · 客服 售前助手')).toBeTruthy();
    expect(within(row).getByText('按权重分配')).toBeTruthy();
    expect(within(row).getByText('120分钟后')).toBeTruthy();
    expect(within(row).getByText('退回公海')).toBeTruthy();
    expect(within(row).getByRole('img', { name: '通知失败' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: /分配记录/ })).toBeTruthy();
  });

  it('refuses a rule without members, and saves the members in their order with their settings', async () => {
    await openAdd();
    fireEvent.change(within(dialog()).getByLabelText('规则名称'), { target: { value: '抖音线索' } });
    ok();
    expect(await within(dialog()).findByText('请至少添加一名成员')).toBeTruthy();
    expect(api.addDistribution).not.toHaveBeenCalled();

    await addMember('小李（销售一部 · li）');
    await addMember('小赵（销售一部 · zhao）');
    const dailyCaps = within(dialog()).getAllByLabelText('每日上限');
    fireEvent.change(dailyCaps[1], { target: { value: '' } });
    ok();
    expect(await within(dialog()).findByText('每日上限不能为空')).toBeTruthy();
    expect(api.addDistribution).not.toHaveBeenCalled();

    fireEvent.change(dailyCaps[1], { target: { value: '5' } });
    fireEvent.click(within(dialog()).getAllByRole('button', { name: '上移' })[1]);
    ok();
    await waitFor(() => expect(api.addDistribution).toHaveBeenCalled());
    const body = api.addDistribution.mock.calls[0][0] as Record<string, unknown>;
    expect(body).toMatchObject({ name: '抖音线索', method: 'round_robin', scope: { channels: [], agentIds: [], sources: [] } });
    expect(body.members).toEqual([
      { userId: 3, sort: 0, weight: 1, dailyCap: 5, workHours: [], holidays: [], webhookUrl: '', enabled: true },
      { userId: 2, sort: 1, weight: 1, dailyCap: 0, workHours: [], holidays: [], webhookUrl: '', enabled: true },
    ]);
  });

  it('keeps what the members table does not show when an edited rule is saved', async () => {
    const workHours = [
      { day: 1, start: '09:00', end: '12:00' },
      { day: 1, start: '13:00', end: '24:00' },
    ];
    api.getDistribution.mockResolvedValue({
      code: 200,
      msg: '',
      data: {
        ...rule(),
        members: [
          { userId: 2, nickName: '小李', deptName: '销售一部', userStatus: '0', todayCount: 4, sort: 0, weight: 3, dailyCap: 10, workHours, holidays: ['2025-10-01'], webhookUrl: 'https://hook.example.com/li', enabled: true },
        ],
      },
    });
    renderWithClient(<DistributionPage />);
    const row = (await screen.findByText('网页线索')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /修改/ }));
    await waitFor(() => expect(within(dialog()).getByText('修改分配规则')).toBeTruthy());
    const member = within(dialog()).getByText('周一 09:00-12:00；周一 13:00-24:00，休 1 天').closest('tr')!;
    expect(within(member).getByText('小李')).toBeTruthy();
    expect(within(member).getByText('（销售一部）')).toBeTruthy();
    expect(within(member).getByText('4')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.updateDistribution).toHaveBeenCalled());
    expect(api.updateDistribution.mock.calls[0][0]).toMatchObject({
      ruleId: 1,
      webhookKind: 'wecom',
      members: [{ userId: 2, sort: 0, weight: 3, dailyCap: 10, workHours, holidays: ['2025-10-01'], webhookUrl: 'https://hook.example.com/li', enabled: true }],
    });
  });

  it('simulates the unsaved rule and shows who would get how many', async () => {
    const result: SimulationResult = {
      ruleId: null,
      ruleName: '未命名规则',
      method: 'round_robin',
      ruleEnabled: true,
      scopeMatched: true,
      count: 100,
      unassigned: 40,
      members: [
        { userId: 2, nickName: '小李', weight: 1, wouldGet: 60, todayBefore: 0, cap: 60, capReached: true },
        { userId: 3, nickName: '小赵', weight: 1, wouldGet: 0, todayBefore: 0, cap: 0, capReached: false, skippedReason: '不在工作时间' },
      ],
    };
    api.simulateDistribution.mockResolvedValue({ code: 200, msg: '', data: result });
    await openAdd();
    await addMember('小李（销售一部 · li）');
    await addMember('小赵（销售一部 · zhao）');
    fireEvent.change(within(dialog()).getAllByLabelText('每日上限')[0], { target: { value: '60' } });

    fireEvent.click(within(dialog()).getByRole('button', { name: /模拟分配/ }));
    await waitFor(() => expect(api.simulateDistribution).toHaveBeenCalled());
    const sent = api.simulateDistribution.mock.calls[0][0] as { count: number; rule: { name: string; members: { userId: number; dailyCap: number }[] } };
    expect(sent.count).toBe(100);
    expect(sent.rule.name).toBe('未命名规则');
    expect(sent.rule.members.map((m) => [m.userId, m.dailyCap])).toEqual([
      [2, 60],
      [3, 0],
    ]);

    const table = await within(dialog()).findByRole('table', { name: '模拟结果' });
    const li = within(table).getByText('小李').closest('tr')!;
    expect(within(li).getByText('60', { selector: 'strong' })).toBeTruthy();
    expect(within(within(table).getByText('小赵').closest('tr')!).getByText('不在工作时间')).toBeTruthy();
    expect(within(dialog()).getByText(/40 条线索无人可分/)).toBeTruthy();
    // Nothing was saved.
    expect(api.addDistribution).not.toHaveBeenCalled();
  });
});
