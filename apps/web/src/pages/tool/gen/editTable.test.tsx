import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { GenTable, GenTableColumn, GenTableUpdate } from '../../../api/tool/gen';
import { useUserStore } from '../../../stores/user';
import { installDomStubs } from '../../ai/agent/components/testStubs';
import { PAGE_TEST_TIMEOUT } from '../../crm/customerLeave/components/testing';
import GenEditPage from './editTable';

const api = vi.hoisted(() => ({ getGenTable: vi.fn(), updateGenTable: vi.fn(), genSettings: vi.fn() }));
const feedback = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  confirmDialog: vi.fn(),
}));
const close = vi.hoisted(() => vi.fn());
vi.mock('../../../api/tool/gen', () => api);
vi.mock('../../../utils/feedback', () => feedback);
vi.mock('../../../hooks/useCloseTab', () => ({ useCloseTab: () => close }));
vi.mock('../../../api/system/dict/type', () => ({
  optionselect: async () => ({
    code: 200,
    msg: '',
    data: [
      { dictId: 1, dictName: '用户性别', dictType: 'sys_user_sex', status: '0' },
      { dictId: 2, dictName: '系统开关', dictType: 'sys_normal_disable', status: '0' },
    ],
  }),
}));
vi.mock('../../../api/system/menu', () => ({
  listMenu: async () => ({
    code: 200,
    msg: '',
    data: [
      { menuId: 1, menuName: '系统管理', parentId: 0, menuType: 'M' },
      { menuId: 100, menuName: '用户管理', parentId: 1, menuType: 'C' },
      { menuId: 3, menuName: '系统工具', parentId: 0, menuType: 'M' },
    ],
  }),
}));

const column = (columnId: number, columnName: string, javaField: string, patch: Partial<GenTableColumn> = {}): GenTableColumn => ({
  columnId,
  tableId: 7,
  columnName,
  columnComment: columnName,
  columnType: 'varchar(64)',
  javaType: 'string',
  javaField,
  isPk: '0',
  isInsert: '1',
  isEdit: '1',
  isList: '1',
  isQuery: '0',
  isRequired: '0',
  queryType: 'EQ',
  htmlType: 'input',
  dictType: '',
  sort: columnId,
  ...patch,
});

const COLUMNS = [
  column(1, 'customer_id', 'customerId', { isPk: '1', columnType: 'bigint', javaType: 'number' }),
  column(2, 'customer_name', 'customerName', { queryType: 'LIKE', isQuery: '1' }),
  column(3, 'gender', 'gender'),
];

const INFO: GenTable = {
  tableId: 7,
  tableName: 'biz_customer',
  tableComment: '客户信息表',
  className: 'BizCustomer',
  tplCategory: 'crud',
  packageName: 'modules/biz',
  moduleName: 'biz',
  businessName: 'customer',
  functionName: '客户信息',
  functionAuthor: 'admin',
  formColNum: 1,
  genType: '0',
  genPath: '/',
  genView: '0',
  parentMenuId: 3,
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={['/tool/gen-edit/index/7']}>
      <QueryClientProvider client={client}>
        <Routes>
          <Route path="/tool/gen-edit/index/:tableId" element={<GenEditPage />} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** The options of the open dropdown. */
const openOptions = () =>
  [...([...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1)?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];

/**
 * Opens the Select labelled `label` (by its label text: tooltips add an icon name to the accessible name)
 * and waits for the option, which may follow a choice made just before (the sub table's columns).
 * Returns the texts of the options it chose from.
 */
async function pick(label: string, option: string): Promise<string[]> {
  fireEvent.mouseDown(screen.getByLabelText(label));
  let item: HTMLElement | undefined;
  await waitFor(() => {
    item = openOptions().find((o) => o.textContent === option);
    expect(item, `没有选项 ${option}`).toBeTruthy();
  });
  const texts = openOptions().map((o) => o.textContent ?? '');
  fireEvent.click(item!);
  return texts;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
const sent = () => api.updateGenTable.mock.calls[0][0] as GenTableUpdate;
const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;

beforeAll(installDomStubs);
beforeEach(() => {
  useUserStore.setState({ permissions: ['*:*:*'], roles: ['admin'] });
  api.getGenTable.mockReset().mockResolvedValue({
    code: 200,
    msg: '',
    data: {
      info: INFO,
      rows: COLUMNS,
      tables: [
        { ...INFO, columns: COLUMNS },
        { ...INFO, tableId: 8, tableName: 'biz_contact', tableComment: '联系人表', columns: [column(11, 'contact_id', 'contactId'), column(12, 'customer_id', 'customerId')] },
      ],
    },
  });
  api.updateGenTable.mockReset().mockResolvedValue({ code: 200, msg: '操作成功' });
  api.genSettings.mockReset().mockResolvedValue({ code: 200, msg: '', data: { writeToTree: false } });
  Object.values(feedback.toast).forEach((f) => f.mockReset());
  close.mockReset();
});
afterEach(cleanup);

describe('修改生成配置', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('opens on 字段信息, saves edited columns and names with the options as params, then closes', async () => {
    renderPage();
    expect(await screen.findByLabelText('gender 显示类型')).toBeTruthy();
    expect(activeTab()).toBe('字段信息');

    await pick('gender 显示类型', '下拉框');
    await pick('gender 字典类型', '用户性别sys_user_sex');
    fireEvent.change(screen.getByLabelText('gender 字段描述'), { target: { value: '性别' } });
    fireEvent.click(screen.getByLabelText('gender 查询'));

    fireEvent.click(screen.getByRole('tab', { name: '生成信息' }));
    fireEvent.change(screen.getByLabelText('生成功能名'), { target: { value: '客户' } });
    fireEvent.click(screen.getByLabelText('生成详情页'));
    submit();

    await waitFor(() => expect(api.updateGenTable).toHaveBeenCalledTimes(1));
    expect(sent()).toMatchObject({
      tableId: 7,
      tableName: 'biz_customer',
      functionName: '客户',
      moduleName: 'biz',
      packageName: 'modules/biz',
      genType: '0',
      params: { parentMenuId: 3, genView: '1' },
    });
    expect(sent().columns.map((c) => c.columnName)).toEqual(['customer_id', 'customer_name', 'gender']);
    expect(sent().columns[2]).toMatchObject({ htmlType: 'select', dictType: 'sys_user_sex', columnComment: '性别', isQuery: '1' });
    expect(feedback.toast.success).toHaveBeenCalledWith('操作成功');
    expect(close).toHaveBeenCalled();
  });

  it('refuses to submit with a problem on any tab and shows that tab', async () => {
    renderPage();
    await screen.findByLabelText('gender 显示类型');
    fireEvent.change(screen.getByLabelText('表名称'), { target: { value: ' ' } });
    submit();
    await waitFor(() => expect(feedback.toast.error).toHaveBeenCalledWith('表单校验未通过，请重新检查提交内容'));
    expect(activeTab()).toBe('基本信息');
    expect(await screen.findByText('请输入表名称')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('表名称'), { target: { value: 'biz_customer' } });

    fireEvent.click(screen.getByRole('tab', { name: '字段信息' }));
    fireEvent.change(screen.getByLabelText('gender TS属性'), { target: { value: '2gender' } });
    fireEvent.click(screen.getByRole('tab', { name: '生成信息' }));
    submit();
    await waitFor(() => expect(feedback.toast.error).toHaveBeenCalledTimes(2));
    expect(activeTab()).toBe('字段信息');
    expect(screen.getByText(/TS属性须以小写字母开头，只含字母和数字：gender/)).toBeTruthy();
    expect(api.updateGenTable).not.toHaveBeenCalled();
  });

  it('asks for the tree fields of the tree template and sends them as params', async () => {
    renderPage();
    await screen.findByLabelText('gender 显示类型');
    fireEvent.click(screen.getByRole('tab', { name: '生成信息' }));
    await pick('生成模板', '树表（增删改查）');
    await screen.findByText('其他信息');
    submit();
    expect(await screen.findByText('树编码字段不能为空')).toBeTruthy();
    expect(api.updateGenTable).not.toHaveBeenCalled();

    await pick('树编码字段', 'customer_id：customer_id');
    await pick('树父编码字段', 'gender：gender');
    await pick('树名称字段', 'customer_name：customer_name');
    submit();
    await waitFor(() => expect(api.updateGenTable).toHaveBeenCalled());
    expect(sent()).toMatchObject({ tplCategory: 'tree', params: { treeCode: 'customer_id', treeParentCode: 'gender', treeName: 'customer_name' } });
  });

  it('offers the other tables for 主子表 and their columns as the foreign key', async () => {
    renderPage();
    await screen.findByLabelText('gender 显示类型');
    fireEvent.click(screen.getByRole('tab', { name: '生成信息' }));
    await pick('生成模板', '主子表（增删改查）');
    await screen.findByText('关联信息');
    expect(await pick('关联子表的表名', 'biz_contact：联系人表')).toEqual(['biz_contact：联系人表']);
    await pick('子表关联的外键名', 'customer_id：customer_id');
    submit();
    await waitFor(() => expect(api.updateGenTable).toHaveBeenCalled());
    expect(sent()).toMatchObject({ tplCategory: 'sub', subTableName: 'biz_contact', subTableFkName: 'customer_id' });
  });

  it('offers 自定义路径 only where the server writes into its tree', async () => {
    renderPage();
    await screen.findByLabelText('gender 显示类型');
    fireEvent.click(screen.getByRole('tab', { name: '生成信息' }));
    expect(screen.getByRole('radio', { name: 'zip压缩包' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '自定义路径' })).toBeNull();
    cleanup();

    api.genSettings.mockResolvedValue({ code: 200, msg: '', data: { writeToTree: true } });
    renderPage();
    await screen.findByLabelText('gender 显示类型');
    fireEvent.click(screen.getByRole('tab', { name: '生成信息' }));
    fireEvent.click(await screen.findByRole('radio', { name: '自定义路径' }));
    const path = await screen.findByRole('textbox', { name: '自定义路径' });
    fireEvent.change(path, { target: { value: 'apps' } });
    submit();
    await waitFor(() => expect(api.updateGenTable).toHaveBeenCalled());
    expect(sent()).toMatchObject({ genType: '1', genPath: 'apps' });
  });

  it('返回 closes without saving', async () => {
    renderPage();
    await screen.findByLabelText('gender 显示类型');
    fireEvent.click(screen.getByRole('button', { name: /返\s*回/ }));
    expect(close).toHaveBeenCalled();
    expect(api.updateGenTable).not.toHaveBeenCalled();
  });
});
