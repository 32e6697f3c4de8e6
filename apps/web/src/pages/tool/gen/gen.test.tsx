import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GenTable } from '../../../api/tool/gen';
import { useUserStore } from '../../../stores/user';
import { installDomStubs } from '../../ai/agent/components/testStubs';
import { PAGE_TEST_TIMEOUT, renderWithClient } from '../../crm/customerLeave/components/testing';
import GenPage from './index';

const api = vi.hoisted(() => ({
  listTable: vi.fn(),
  listDbTable: vi.fn(),
  importTable: vi.fn(),
  createTable: vi.fn(),
  delTable: vi.fn(),
  previewTable: vi.fn(),
  synchDb: vi.fn(),
  genCode: vi.fn(),
  downloadCode: vi.fn(),
}));
const feedback = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  confirmDialog: vi.fn(),
  showLoading: vi.fn(() => () => undefined),
}));
const navigate = vi.hoisted(() => vi.fn());
vi.mock('../../../api/tool/gen', () => api);
vi.mock('../../../utils/feedback', () => feedback);
vi.mock('react-router', async (importOriginal) => ({ ...(await importOriginal<typeof import('react-router')>()), useNavigate: () => navigate }));

const table = (patch: Partial<GenTable>): GenTable => ({
  tableId: 1,
  tableName: 'biz_customer',
  tableComment: '客户信息表',
  className: 'BizCustomer',
  tplCategory: 'crud',
  moduleName: 'biz',
  businessName: 'customer',
  genType: '0',
  genPath: '/',
  createTime: '2026-11-20 10:00:00',
  updateTime: null,
  ...patch,
});

const PREVIEW = {
  'vm/server/routes.ts.vm': "export const customerRoutes = 'routes';\n",
  'vm/sql/sql.vm': 'CREATE TABLE IF NOT EXISTS biz_customer (id bigint);\n',
  'vm/web/index.tsx.vm': 'export default function CustomerPage() {}\n',
};

beforeAll(installDomStubs);
beforeEach(() => {
  useUserStore.setState({ permissions: ['*:*:*'], roles: ['admin'] });
  Object.values(api).forEach((f) => f.mockReset().mockResolvedValue({ code: 200, msg: '操作成功' }));
  api.listTable.mockResolvedValue({
    code: 200,
    msg: '',
    total: 32,
    rows: [table({}), table({ tableId: 2, tableName: 'biz_order', tableComment: '订单表', className: 'BizOrder', businessName: 'order', genType: '1', genPath: '/' })],
  });
  api.listDbTable.mockResolvedValue({
    code: 200,
    msg: '',
    total: 2,
    rows: [
      { tableName: 'biz_product', tableComment: '商品表', createTime: '2026-11-01 08:00:00' },
      { tableName: 'biz_supplier', tableComment: '供应商表', createTime: '2026-11-02 08:00:00' },
    ],
  });
  api.previewTable.mockResolvedValue({ code: 200, msg: '', data: PREVIEW });
  feedback.confirmDialog.mockReset().mockResolvedValue(true);
  Object.values(feedback.toast).forEach((f) => f.mockReset());
  navigate.mockReset();
});
afterEach(cleanup);

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
/** The open dialog titled `title` (antd names its dialogs only in a real browser). */
const dialog = (title: string) => screen.getByText(title, { selector: '.ant-modal-title' }).closest<HTMLElement>('[role="dialog"]')!;

describe('代码生成 list', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('asks the server for the newest tables first and numbers rows on across pages', async () => {
    renderWithClient(<GenPage />);
    const row = await rowOf('biz_customer');
    expect(api.listTable.mock.calls[0][0]).toMatchObject({ orderByColumn: 'createTime', isAsc: 'descending', pageNum: 1 });
    expect(within(row).getByText('BizCustomer')).toBeTruthy();
    expect(row.querySelectorAll('td')[1].textContent).toBe('1');

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.listTable.mock.calls.at(-1)?.[0]).toMatchObject({ pageNum: 2 }));
    await waitFor(() => expect((screen.getByText('biz_customer').closest('tr') as HTMLElement).querySelectorAll('td')[1].textContent).toBe('21'));
  });

  it('offers 创建 only to the admin role', async () => {
    renderWithClient(<GenPage />);
    await rowOf('biz_customer');
    expect(screen.getByRole('button', { name: /创\s*建/ })).toBeTruthy();
    cleanup();
    useUserStore.setState({ roles: ['common'] });
    renderWithClient(<GenPage />);
    await rowOf('biz_customer');
    expect(screen.queryByRole('button', { name: /创\s*建/ })).toBeNull();
  });

  it('imports the tables whose rows were clicked, and refuses an empty choice', async () => {
    renderWithClient(<GenPage />);
    await rowOf('biz_customer');
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    await screen.findByText('biz_product');
    fireEvent.click(within(dialog('导入表')).getByRole('button', { name: /确\s*定/ }));
    expect(feedback.toast.error).toHaveBeenCalledWith('请选择要导入的表');

    fireEvent.click(within(dialog('导入表')).getByText('biz_product'));
    fireEvent.click(within(dialog('导入表')).getByText('biz_supplier'));
    fireEvent.click(within(dialog('导入表')).getByText('biz_supplier'));
    fireEvent.click(within(dialog('导入表')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.importTable).toHaveBeenCalledWith(['biz_product']));
    await waitFor(() => expect(screen.queryByText('导入表', { selector: '.ant-modal-title' })).toBeNull());
    expect(api.listTable).toHaveBeenCalledTimes(2);
  });

  it('creates tables from SQL, and asks for it when empty', async () => {
    renderWithClient(<GenPage />);
    await rowOf('biz_customer');
    fireEvent.click(screen.getByRole('button', { name: /创\s*建/ }));
    await screen.findByText('创建表', { selector: '.ant-modal-title' });
    fireEvent.click(within(dialog('创建表')).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog('创建表')).findByText('请输入建表语句')).toBeTruthy();
    // The limit counts UTF-8 bytes, as the server does: 22,000 Chinese characters are about 64 KB.
    fireEvent.change(within(dialog('创建表')).getByLabelText(/创建表语句/), { target: { value: `-- ${'备注'.repeat(11_000)}` } });
    fireEvent.click(within(dialog('创建表')).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog('创建表')).findByText('建表语句不能超过64KB')).toBeTruthy();
    expect(api.createTable).not.toHaveBeenCalled();
    const sql = 'create table biz_note (note_id bigint primary key)';
    fireEvent.change(within(dialog('创建表')).getByLabelText(/创建表语句/), { target: { value: sql } });
    fireEvent.click(within(dialog('创建表')).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.createTable).toHaveBeenCalledWith(sql));
  });

  it('syncs a table after the RuoYi confirmation', async () => {
    renderWithClient(<GenPage />);
    fireEvent.click(within(await rowOf('biz_customer')).getByRole('button', { name: '同步' }));
    await waitFor(() => expect(api.synchDb).toHaveBeenCalledWith('biz_customer'));
    expect(feedback.confirmDialog.mock.calls[0][0]).toMatchObject({ content: '确认要强制同步"biz_customer"表结构吗？' });
    expect(feedback.toast.success).toHaveBeenCalledWith('同步成功');
  });

  it('downloads one table as <table>.zip, several as ruoyi.zip, and asks for a selection', async () => {
    renderWithClient(<GenPage />);
    const row = await rowOf('biz_customer');
    fireEvent.click(within(row).getByRole('button', { name: '生成代码' }));
    await waitFor(() => expect(api.downloadCode).toHaveBeenCalledWith(['biz_customer'], 'biz_customer.zip'));

    const generateAll = screen.getByRole('button', { name: /生\s*成$/ });
    expect(generateAll.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(await rowOf('biz_order')).getByRole('checkbox'));
    fireEvent.click(generateAll);
    await waitFor(() => expect(api.downloadCode).toHaveBeenLastCalledWith(['biz_customer', 'biz_order'], 'ruoyi.zip'));
  });

  it('writes a 自定义路径 table into the tree, confirming before it overwrites the listed files', async () => {
    api.genCode
      .mockResolvedValueOnce({ written: false, existing: ['apps/web/src/api/biz/order.ts'], msg: '文件已存在' })
      .mockResolvedValueOnce({ written: true, msg: '操作成功' });
    renderWithClient(<GenPage />);
    fireEvent.click(within(await rowOf('biz_order')).getByRole('button', { name: '生成代码' }));
    await waitFor(() => expect(api.genCode).toHaveBeenLastCalledWith('biz_order', true));
    expect(api.genCode.mock.calls[0]).toEqual(['biz_order']);
    expect(feedback.confirmDialog.mock.calls[0][0].content).toContain('apps/web/src/api/biz/order.ts');
    expect(feedback.toast.success).toHaveBeenCalledWith('成功生成到自定义路径：/');
    expect(api.downloadCode).not.toHaveBeenCalled();
  });

  it('leaves the files alone when the overwrite is declined', async () => {
    api.genCode.mockResolvedValue({ written: false, existing: ['apps/web/src/api/biz/order.ts'], msg: '文件已存在' });
    feedback.confirmDialog.mockResolvedValue(false);
    renderWithClient(<GenPage />);
    fireEvent.click(within(await rowOf('biz_order')).getByRole('button', { name: '生成代码' }));
    await waitFor(() => expect(feedback.confirmDialog).toHaveBeenCalled());
    expect(api.genCode).toHaveBeenCalledTimes(1);
    expect(feedback.toast.success).not.toHaveBeenCalled();
  });

  it('previews every file in its own tab with its path, highlighted code and 复制', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderWithClient(<GenPage />);
    fireEvent.click(within(await rowOf('biz_customer')).getByRole('button', { name: '预览' }));
    await screen.findByText('代码预览', { selector: '.ant-modal-title' });
    const preview = dialog('代码预览');
    await waitFor(() => expect(within(preview).getAllByRole('tab').map((t) => t.textContent)).toEqual(['routes.ts', 'sql', 'index.tsx']));
    expect(within(preview).getByText('apps/server/src/modules/biz/customer/routes.ts')).toBeTruthy();
    const code = within(preview).getByLabelText('routes.ts', { selector: 'pre' });
    await waitFor(() => expect(code.querySelector('.hljs-keyword')?.textContent).toBe('export'));
    expect(code.textContent).toBe(PREVIEW['vm/server/routes.ts.vm']);

    fireEvent.click(within(preview).getAllByRole('button', { name: /复\s*制/ })[0]);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(PREVIEW['vm/server/routes.ts.vm']));
    expect(feedback.toast.success).toHaveBeenCalledWith('复制成功');

    fireEvent.click(within(preview).getByRole('tab', { name: 'index.tsx' }));
    expect(await within(preview).findByText('apps/web/src/pages/biz/customer/index.tsx')).toBeTruthy();
  });

  it('opens the edit page and deletes after confirmation', async () => {
    renderWithClient(<GenPage />);
    const row = await rowOf('biz_customer');
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    expect(navigate).toHaveBeenCalledWith('/tool/gen-edit/index/1');
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(api.delTable).toHaveBeenCalledWith([1]));
  });
});
