import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_BOSS_RUN_CONFIG } from '@acs/shared';
import type { BossAccount } from '../../../api/channel/bossZP';
import { useDictStore } from '../../../stores/dict';
import { useUserStore } from '../../../stores/user';
import { installDomStubs } from '../../ai/agent/components/testStubs';
import { PAGE_TEST_TIMEOUT, renderWithClient } from '../../crm/customerLeave/components/testing';
import BossZPPage from './index';

const api = vi.hoisted(() => ({
  listBossAccount: vi.fn(),
  getBossAccount: vi.fn(),
  addBossAccount: vi.fn(),
  updateBossAccount: vi.fn(),
  delBossAccount: vi.fn(),
  pauseBossAccount: vi.fn(),
  rotateBossKey: vi.fn(),
  listBossJob: vi.fn(),
  addBossJob: vi.fn(),
  updateBossJob: vi.fn(),
  delBossJob: vi.fn(),
  listBossTemplate: vi.fn(),
  addBossTemplate: vi.fn(),
  updateBossTemplate: vi.fn(),
  delBossTemplate: vi.fn(),
  bossTemplateVariables: vi.fn(),
  previewBossTemplate: vi.fn(),
}));
const feedback = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  confirmDialog: vi.fn(),
}));
vi.mock('../../../api/channel/bossZP', () => api);
vi.mock('../../../api/ai/agent', () => ({ listAgent: async () => ({ code: 200, msg: '', rows: [{ agentId: 1, name: '招聘助手' }], total: 1 }) }));
vi.mock('../../../utils/feedback', () => feedback);

const SECRET = 'cks_only-shown-once-0123456789abcdefghijklmnopq';

const account = (patch: Partial<BossAccount> = {}): BossAccount => ({
  accountId: 7,
  recruiterName: '张经理',
  company: '星河科技',
  sessionHealth: 'logged_in',
  healthDetail: '',
  lastSeenTime: null,
  paused: false,
  runConfig: DEFAULT_BOSS_RUN_CONFIG,
  keyId: 'ck_0123456789abcdef01234567',
  keyCreatedTime: '2026-11-20 10:00:00',
  agentId: 1,
  agentName: '招聘助手',
  status: '0',
  todayGreetings: 12,
  todayReplies: 300,
  pendingReplies: 2,
  remark: null,
  createTime: '2026-11-01 09:00:00',
  ...patch,
});

const rows = (list: BossAccount[]) => ({ code: 200, msg: '', rows: list, total: list.length });

beforeAll(installDomStubs);
beforeEach(() => {
  useUserStore.setState({ permissions: ['*:*:*'] });
  useDictStore.setState({ dicts: { sys_normal_disable: [{ label: '正常', value: '0' }, { label: '停用', value: '1' }] } });
  Object.values(api).forEach((f) => f.mockReset().mockResolvedValue({ code: 200, msg: '操作成功' }));
  api.listBossAccount.mockResolvedValue(
    rows([
      account(),
      account({ accountId: 8, recruiterName: '李主管', sessionHealth: 'needs_qr', keyId: null, keyCreatedTime: null, paused: true }),
      account({ accountId: 9, recruiterName: '王HR', sessionHealth: 'banned', healthDetail: '账号异常，已限制登录' }),
    ]),
  );
  api.listBossJob.mockResolvedValue({ code: 200, msg: '', rows: [], total: 0 });
  api.listBossTemplate.mockResolvedValue({ code: 200, msg: '', rows: [], total: 0 });
  api.bossTemplateVariables.mockResolvedValue({
    code: 200,
    msg: '',
    data: [
      { key: 'candidateName', label: '候选人姓名', example: '李同学' },
      { key: 'jobTitle', label: '职位名称', example: '前端工程师' },
    ],
  });
  feedback.confirmDialog.mockReset().mockResolvedValue(true);
});
afterEach(cleanup);

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const dialog = () => screen.getByRole('dialog');

describe('BOSS招聘 · 招聘账号', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('shows each session health in words, with what to do in its tooltip, and usage against the caps', async () => {
    renderWithClient(<BossZPPage />);
    expect(within(await rowOf('张经理')).getByText('已登录')).toBeTruthy();
    expect(within(await rowOf('李主管')).getByText('需扫码登录')).toBeTruthy();
    const banned = within(await rowOf('王HR')).getByText('已封禁');

    fireEvent.mouseEnter(within(await rowOf('李主管')).getByText('需扫码登录'));
    expect(await screen.findByText(/用BOSS直聘App扫码登录/)).toBeTruthy();
    fireEvent.mouseEnter(banned);
    expect(await screen.findByText(/在BOSS直聘App内申诉/)).toBeTruthy();
    expect(screen.getByText('客户端报告：账号异常，已限制登录')).toBeTruthy();

    const first = await rowOf('张经理');
    expect(within(first).getByText('12 / 100')).toBeTruthy();
    // The reply cap is reached: nothing more goes out today, so it reads as a warning.
    expect(within(first).getByText('300 / 300').closest('.ant-typography-danger')).toBeTruthy();
    expect(within(first).getByText('09:00–21:00')).toBeTruthy();
    expect(within(first).getByText('每天')).toBeTruthy();
    expect(within(await rowOf('李主管')).getByText('未生成')).toBeTruthy();
  });

  it('pauses only after the confirmation, and resumes a paused account', async () => {
    renderWithClient(<BossZPPage />);
    const running = within(await rowOf('张经理')).getByRole('switch', { name: '张经理自动运行' });

    feedback.confirmDialog.mockResolvedValueOnce(false);
    fireEvent.click(running);
    await waitFor(() => expect(feedback.confirmDialog).toHaveBeenCalledTimes(1));
    expect(feedback.confirmDialog.mock.calls[0][0]).toMatchObject({ title: '暂停账号' });
    expect(feedback.confirmDialog.mock.calls[0][0].content).toContain('AI也不再作答');
    await new Promise((r) => setTimeout(r, 20));
    expect(api.pauseBossAccount).not.toHaveBeenCalled();

    const calls = api.listBossAccount.mock.calls.length;
    fireEvent.click(running);
    await waitFor(() => expect(api.pauseBossAccount).toHaveBeenCalledWith(7, true));
    await waitFor(() => expect(api.listBossAccount.mock.calls.length).toBeGreaterThan(calls));

    fireEvent.click(within(await rowOf('李主管')).getByRole('switch', { name: '李主管自动运行' }));
    await waitFor(() => expect(api.pauseBossAccount).toHaveBeenCalledWith(8, false));
    expect(feedback.confirmDialog.mock.calls.at(-1)![0]).toMatchObject({ title: '恢复账号' });
  });

  it('rotates a key only after warning that the old one stops, and shows the secret once', async () => {
    api.rotateBossKey.mockResolvedValue({ code: 200, msg: '', data: { keyId: 'ck_fedcba9876543210fedcba98', secret: SECRET } });
    renderWithClient(<BossZPPage />);
    fireEvent.click(within(await rowOf('张经理')).getByRole('button', { name: /轮换密钥/ }));
    await waitFor(() => expect(api.rotateBossKey).toHaveBeenCalledWith(7));
    expect(feedback.confirmDialog.mock.calls[0][0].content).toContain('旧密钥（ck_0123456789abcdef01234567）立即失效');

    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(within(dialog()).getByText('密钥只显示这一次')).toBeTruthy();
    expect(within(dialog()).getByText('ck_fedcba9876543210fedcba98')).toBeTruthy();
    expect(within(dialog()).getAllByRole('button', { name: /复制/ }).length).toBeGreaterThanOrEqual(2);

    fireEvent.click(within(dialog()).getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    // The list reloaded for the new key id; the secret is nowhere on the page any more.
    expect(api.listBossAccount.mock.calls.length).toBeGreaterThan(1);
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('generates a first key without asking, and shows nothing when the rotation is cancelled', async () => {
    api.rotateBossKey.mockResolvedValue({ code: 200, msg: '', data: { keyId: 'ck_new', secret: SECRET } });
    renderWithClient(<BossZPPage />);
    fireEvent.click(within(await rowOf('李主管')).getByRole('button', { name: /生成密钥/ }));
    await waitFor(() => expect(api.rotateBossKey).toHaveBeenCalledWith(8));
    expect(feedback.confirmDialog).not.toHaveBeenCalled();
    expect(await screen.findByText(SECRET)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());

    feedback.confirmDialog.mockResolvedValueOnce(false);
    fireEvent.click(within(await rowOf('王HR')).getByRole('button', { name: /轮换密钥/ }));
    await waitFor(() => expect(feedback.confirmDialog).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(api.rotateBossKey).toHaveBeenCalledTimes(1);
  });

  it('saves the run window, weekdays and caps, refusing an empty week', async () => {
    renderWithClient(<BossZPPage />);
    fireEvent.click(within(await rowOf('张经理')).getByRole('button', { name: /配置/ }));
    await waitFor(() => expect(within(dialog()).getByText('运行配置 · 张经理')).toBeTruthy());

    for (const day of ['周一', '周二', '周三', '周四', '周五', '周六', '周日']) fireEvent.click(within(dialog()).getByLabelText(day));
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog()).findByText('请至少选择一天')).toBeTruthy();
    expect(api.updateBossAccount).not.toHaveBeenCalled();

    fireEvent.click(within(dialog()).getByLabelText('周一'));
    fireEvent.click(within(dialog()).getByLabelText('周三'));
    fireEvent.change(within(dialog()).getByLabelText('每日打招呼上限'), { target: { value: '50' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(api.updateBossAccount).toHaveBeenCalledWith(
        expect.objectContaining({
          accountId: 7,
          recruiterName: '张经理',
          runConfig: { windowStart: '09:00', windowEnd: '21:00', weekdays: [1, 3], dailyGreetings: 50, dailyReplies: 300 },
        }),
      ),
    );
  });

  it('hides the buttons the user holds no permission for', async () => {
    useUserStore.setState({ permissions: ['channel:boss:list'] });
    renderWithClient(<BossZPPage />);
    const row = await rowOf('张经理');
    expect(within(row).queryByRole('button', { name: /轮换密钥/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /配置/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /删除/ })).toBeNull();
    expect((within(row).getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
  });

  it('asks to add the first account when there is none', async () => {
    api.listBossAccount.mockResolvedValue(rows([]));
    renderWithClient(<BossZPPage />);
    expect(await screen.findByText('还没有招聘账号')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '新增招聘账号' }));
    await waitFor(() => expect(within(dialog()).getByText('添加招聘账号')).toBeTruthy());
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog()).findByText('招聘者姓名不能为空')).toBeTruthy();
    expect(api.addBossAccount).not.toHaveBeenCalled();
  });
});

describe('BOSS招聘 · 打招呼模板', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('inserts variables at the cursor and previews, naming the variables left without a value', async () => {
    api.previewBossTemplate.mockResolvedValue({ code: 200, msg: '', data: { text: '您好，看到您对前端工程师感兴趣', missing: ['candidateName', 'jobTitel'] } });
    renderWithClient(<BossZPPage />, '/channel/bossZP?tab=templates');
    await waitFor(() => expect(api.listBossTemplate).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    await waitFor(() => expect(within(dialog()).getByText('添加打招呼模板')).toBeTruthy());

    const content = within(dialog()).getByLabelText('模板内容') as HTMLTextAreaElement;
    fireEvent.change(content, { target: { value: '您好，看到您对感兴趣' } });
    content.setSelectionRange(7, 7);
    fireEvent.click(await within(dialog()).findByRole('button', { name: '职位名称' }));
    await waitFor(() => expect(content.value).toBe('您好，看到您对{{jobTitle}}感兴趣'));
    content.setSelectionRange(2, 2);
    fireEvent.click(within(dialog()).getByRole('button', { name: '候选人姓名' }));
    await waitFor(() => expect(content.value).toBe('您好{{candidateName}}，看到您对{{jobTitle}}感兴趣'));

    fireEvent.click(within(dialog()).getByRole('button', { name: /预\s*览/ }));
    await waitFor(() => expect(api.previewBossTemplate).toHaveBeenCalledWith({ content: '您好{{candidateName}}，看到您对{{jobTitle}}感兴趣', jobId: undefined }));
    expect(await within(dialog()).findByText('您好，看到您对前端工程师感兴趣')).toBeTruthy();
    expect(within(dialog()).getByText('缺少值的变量：候选人姓名（candidateName）、jobTitel（不是可用变量）')).toBeTruthy();
  });

  it('refuses a template without content and saves one with its account, default flag and status', async () => {
    renderWithClient(<BossZPPage />, '/channel/bossZP?tab=templates');
    await waitFor(() => expect(api.listBossTemplate).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    await waitFor(() => expect(within(dialog()).getByText('添加打招呼模板')).toBeTruthy());
    fireEvent.change(within(dialog()).getByPlaceholderText('请输入名称'), { target: { value: '通用招呼' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog()).findByText('模板内容不能为空')).toBeTruthy();
    expect(api.addBossTemplate).not.toHaveBeenCalled();

    fireEvent.change(within(dialog()).getByLabelText('模板内容'), { target: { value: '您好{{candidateName}}' } });
    fireEvent.click(within(dialog()).getByRole('switch', { name: '默认模板' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(api.addBossTemplate).toHaveBeenCalledWith(expect.objectContaining({ name: '通用招呼', content: '您好{{candidateName}}', accountId: null, isDefault: true, status: '0' })),
    );
  });
});

describe('BOSS招聘 · 职位', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('requires the account and title, and edits a job from its row (the API has no single GET)', async () => {
    const job = { jobId: 5, accountId: 7, externalId: 'j_9a7f31', title: '前端工程师', city: '杭州', salary: '20-30K', requirements: '三年React', agentId: null, agentName: '', status: '0', remark: null, createTime: '2026-11-20 10:00:00' };
    api.listBossJob.mockResolvedValue({ code: 200, msg: '', rows: [job], total: 1 });
    renderWithClient(<BossZPPage />, '/channel/bossZP?tab=jobs');
    const row = (await screen.findByText('前端工程师')).closest('tr')!;
    expect(within(row).getByText('张经理（星河科技）')).toBeTruthy();
    expect(within(row).getByText('沿用账号客服')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    await waitFor(() => expect(within(dialog()).getByText('添加职位')).toBeTruthy());
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog()).findByText('请选择招聘账号')).toBeTruthy();
    expect(within(dialog()).getByText('职位名称不能为空')).toBeTruthy();
    expect(api.addBossJob).not.toHaveBeenCalled();
    fireEvent.click(within(dialog()).getByRole('button', { name: /取\s*消/ }));

    fireEvent.click(within(row).getByRole('button', { name: /修改/ }));
    await waitFor(() => expect(within(dialog()).getByText('修改职位')).toBeTruthy());
    const salary = within(dialog()).getByPlaceholderText('如 15-25K·13薪') as HTMLInputElement;
    expect(salary.value).toBe('20-30K');
    fireEvent.change(salary, { target: { value: '25-35K' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.updateBossJob).toHaveBeenCalledWith(expect.objectContaining({ jobId: 5, accountId: 7, title: '前端工程师', salary: '25-35K' })));
  });
});
