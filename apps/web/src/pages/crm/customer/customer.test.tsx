import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useUserStore } from '../../../stores/user';
import { customer, installCustomerDom, ok, renderWithQuery } from './components/testSetup';
import CustomerPage from '.';

const api = vi.hoisted(() => ({
  listCustomer: vi.fn(),
  getCustomer: vi.fn(),
  addCustomer: vi.fn(),
  updateCustomer: vi.fn(),
  delCustomer: vi.fn(),
  listStaff: vi.fn(),
}));
vi.mock('../../../api/crm/customer', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));
vi.mock('../../../api/crm/staff', () => ({ listStaff: api.listStaff }));
const toastSuccess = vi.hoisted(() => vi.fn());
vi.mock('../../../utils/feedback', () => ({
  toast: { success: toastSuccess, error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  confirmDialog: vi.fn(),
}));

const ROWS = [
  customer({ customerId: 101, name: '张三', phone: '138****5678', phoneAlt: '150****1111', wechat: 'zhangsan_88', source: 'douyin', tags: ['高意向', '装修'], ownerId: 2, ownerName: '销售小李', stage: 'lead', conversationCount: 3, leadCount: 1 }),
  customer({ customerId: 102, name: '李四', phone: '', phoneMasked: '139****0000', source: 'apply', stage: 'customer' }),
];

beforeAll(installCustomerDom);
beforeEach(() => {
  Object.values(api).forEach((f) => f.mockReset());
  toastSuccess.mockReset();
  api.listCustomer.mockResolvedValue({ code: 200, msg: '查询成功', rows: ROWS, total: 2 });
  api.listStaff.mockResolvedValue(ok([{ userId: 2, userName: 'li', nickName: '销售小李', deptName: '销售部' }]));
  api.addCustomer.mockResolvedValue({ code: 200, msg: '操作成功' });
  api.updateCustomer.mockResolvedValue({ code: 200, msg: '操作成功' });
  useUserStore.setState({ permissions: ['crm:customer:list', 'crm:customer:query', 'crm:customer:add', 'crm:customer:edit', 'crm:customer:remove'] });
});
afterEach(cleanup);

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const findRow = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('客户管理 list', () => {
  it('shows the rows the server sent, the phone exactly as given (masked here), labels and tags', async () => {
    renderWithQuery(<CustomerPage />);
    const zhang = within(await findRow('张三'));
    expect(zhang.getByText('138****5678')).toBeTruthy();
    // The second number the customer gave, under the first.
    expect(zhang.getByText('备 150****1111')).toBeTruthy();
    expect(zhang.getByText('zhangsan_88')).toBeTruthy();
    expect(zhang.getByText('抖音')).toBeTruthy();
    expect(zhang.getByText('高意向')).toBeTruthy();
    expect(zhang.getByText('销售小李')).toBeTruthy();
    expect(zhang.getByText('线索')).toBeTruthy();

    const li = within(rowOf('李四'));
    // No real number is known: the masked one the customer showed in a chat is all there is.
    expect(li.getByText('139****0000')).toBeTruthy();
    expect(li.getByText('官网申请')).toBeTruthy();
    expect(li.getByText('公海')).toBeTruthy();
    expect(li.getByText('客户')).toBeTruthy();
  });

  it('sends the header sort as orderByColumn/isAsc and the filters on 搜索', async () => {
    renderWithQuery(<CustomerPage />);
    await findRow('张三');
    fireEvent.click(screen.getByRole('columnheader', { name: /会话/ }));
    await waitFor(() => expect(api.listCustomer).toHaveBeenLastCalledWith(expect.objectContaining({ orderByColumn: 'conversationCount', isAsc: 'descending', pageNum: 1 })));

    const search = within(screen.getByRole('form', { name: '搜索条件' }));
    fireEvent.change(search.getByLabelText('微信号'), { target: { value: 'zhang' } });
    fireEvent.click(search.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(api.listCustomer).toHaveBeenLastCalledWith(expect.objectContaining({ wechat: 'zhang', orderByColumn: 'conversationCount' })));
  });

  it('offers 合并 only for exactly two ticked customers, behind crm:customer:merge', async () => {
    useUserStore.setState({ permissions: ['crm:customer:list', 'crm:customer:merge'] });
    renderWithQuery(<CustomerPage />);
    await findRow('张三');
    const merge = () => screen.getByRole('button', { name: /合\s*并/ }) as HTMLButtonElement;
    expect(merge().disabled).toBe(true);
    fireEvent.click(within(rowOf('张三')).getByRole('checkbox'));
    expect(merge().disabled).toBe(true);
    fireEvent.click(within(rowOf('李四')).getByRole('checkbox'));
    expect(merge().disabled).toBe(false);
    expect(screen.queryByRole('button', { name: /批量打标签/ })).toBeNull();
  });
});

describe('添加客户 dialog', () => {
  const open = async () => {
    renderWithQuery(<CustomerPage />);
    await findRow('张三');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    return within(await screen.findByRole('dialog'));
  };
  const confirm = (dialog: ReturnType<typeof within>) => fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }));

  it('refuses a bad mobile number and a bad WeChat id before asking the server', async () => {
    const dialog = await open();
    fireEvent.change(dialog.getByLabelText('手机号'), { target: { value: '2381234567' } });
    fireEvent.change(dialog.getByLabelText('微信号'), { target: { value: '1abc' } });
    confirm(dialog);
    expect(await dialog.findByText('请输入正确的手机号码')).toBeTruthy();
    expect(await dialog.findByText('请输入正确的微信号')).toBeTruthy();
    expect(api.addCustomer).not.toHaveBeenCalled();
  });

  it('asks for at least a name, a phone or a WeChat id', async () => {
    const dialog = await open();
    confirm(dialog);
    expect(await dialog.findByText('请至少填写客户名称、手机号或微信号')).toBeTruthy();
    expect(api.addCustomer).not.toHaveBeenCalled();
  });

  it('sends a valid customer (a mobile number also works as a WeChat id)', async () => {
    const dialog = await open();
    fireEvent.change(dialog.getByLabelText('客户名称'), { target: { value: ' 王五 ' } });
    fireEvent.change(dialog.getByLabelText('手机号'), { target: { value: '13812345678' } });
    fireEvent.change(dialog.getByLabelText('微信号'), { target: { value: '13812345678' } });
    confirm(dialog);
    await waitFor(() =>
      expect(api.addCustomer).toHaveBeenCalledWith({ name: '王五', phone: '13812345678', wechat: '13812345678', tags: [], ownerId: null, stage: 'lead', remark: '' }),
    );
    expect(toastSuccess).toHaveBeenCalledWith('新增成功');
  });

  it('leaves a masked number out of the edit, so the server keeps the real one', async () => {
    api.getCustomer.mockResolvedValue(ok({ ...ROWS[0], remark: '备用 138****0000', identities: [] }));
    renderWithQuery(<CustomerPage />);
    fireEvent.click(within(await findRow('张三')).getByRole('button', { name: /修\s*改/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect((dialog.getByLabelText('手机号') as HTMLInputElement).value).toBe('138****5678'));
    expect((dialog.getByLabelText('手机号') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText('客户名称'), { target: { value: '张三丰' } });
    confirm(dialog);
    await waitFor(() => expect(api.updateCustomer).toHaveBeenCalled());
    const body = api.updateCustomer.mock.calls[0][0] as Record<string, unknown>;
    expect(body).toMatchObject({ customerId: 101, name: '张三丰', wechat: 'zhangsan_88', ownerId: 2, tags: ['高意向', '装修'] });
    expect(body).not.toHaveProperty('phone');
    expect(body).not.toHaveProperty('remark');
  });
});
