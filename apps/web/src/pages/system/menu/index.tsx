import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SortAscendingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { delMenu, listMenu, updateMenuSort, type Menu, type MenuQuery } from '../../../api/system/menu';
import { AppIcon } from '../../../components/AppIcon';
import DictTag from '../../../components/DictTag';
import { HasPermi } from '../../../components/HasPermi';
import RightToolbar from '../../../components/RightToolbar';
import { SearchBar } from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import { useTreeSearch, useTreeTable } from '../../../hooks/useTreeTable';
import { confirmDialog, toast } from '../../../utils/feedback';
import MenuDialog, { type MenuDialogTarget } from './components/MenuDialog';

const EMPTY_QUERY: MenuQuery = { menuName: undefined, status: undefined };
const NO_MENUS: Menu[] = [];

function TypeTag({ menu }: { menu: Menu }) {
  if (menu.menuType !== 'F' && menu.isFrame === '0') return <Tag color="error">外链</Tag>;
  if (menu.menuType === 'M') return <Tag color="processing">目录</Tag>;
  if (menu.menuType === 'C') return <Tag color="success">菜单</Tag>;
  return <Tag color="warning">按钮</Tag>;
}

/** 菜单管理: the menu tree with inline order editing, search and the add/edit dialog (catalogue §3.6). */
export default function MenuPage() {
  const { sys_normal_disable: statusOptions } = useDict('sys_normal_disable');
  const filters = useTreeSearch(EMPTY_QUERY);
  const [dialog, setDialog] = useState<MenuDialogTarget | null>(null);
  const query = useQuery({ queryKey: ['system-menu', filters.applied], queryFn: () => listMenu(filters.applied) });
  const rows = query.data?.data ?? NO_MENUS;
  const table = useTreeTable(rows, 'menuId', false);
  const refresh = () => void query.refetch();

  const remove = async (menu: Menu) => {
    const ok = await confirmDialog({ content: `是否确认删除名称为"${menu.menuName}"的数据项?` });
    if (!ok) return;
    await delMenu(menu.menuId);
    toast.success('删除成功');
    refresh();
  };

  const saveOrder = async () => {
    if (await table.saveOrders((menuIds, orderNums) => updateMenuSort({ menuIds, orderNums }))) refresh();
  };

  return (
    <div className="app-container">
      <SearchBar list={filters.list} initialValues={EMPTY_QUERY}>
        <Form.Item label="菜单名称" name="menuName">
          <Input placeholder="请输入菜单名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="菜单状态" allowClear style={{ width: 200 }} options={statusOptions.map((o) => ({ label: o.label, value: o.value }))} />
        </Form.Item>
      </SearchBar>

      <div style={{ display: 'flex', gap: 10, marginBottom: 8, flexWrap: 'wrap' }}>
        <HasPermi value={['system:menu:add']}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add', parentId: 0 })}>
            新增
          </Button>
        </HasPermi>
        <HasPermi value={['system:menu:edit']}>
          <Button color="orange" variant="outlined" icon={<CheckOutlined />} onClick={() => void saveOrder().catch(() => undefined)}>
            保存排序
          </Button>
        </HasPermi>
        <Button color="default" variant="outlined" icon={<SortAscendingOutlined />} onClick={table.toggleExpandAll}>
          展开/折叠
        </Button>
        <RightToolbar showSearch={filters.showSearch} onShowSearchChange={filters.setShowSearch} onRefresh={refresh} />
      </div>

      <Table<Menu>
        rowKey="menuId"
        size="middle"
        loading={query.isFetching}
        dataSource={table.tree}
        pagination={false}
        expandable={{ expandedRowKeys: table.expandedKeys, onExpandedRowsChange: table.setExpandedKeys }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: '菜单名称',
            dataIndex: 'menuName',
            width: 220,
            ellipsis: true,
            render: (_, m) => (
              <span>
                <AppIcon name={m.icon} /> {m.menuName}
              </span>
            ),
          },
          { title: '类型', key: 'menuType', width: 80, align: 'center', render: (_, m) => <TypeTag menu={m} /> },
          {
            title: '排序',
            dataIndex: 'orderNum',
            width: 110,
            align: 'center',
            render: (_, m) => (
              <InputNumber
                size="small"
                min={0}
                style={{ width: 80 }}
                aria-label={`${m.menuName}排序`}
                value={table.orderOf(m)}
                onChange={(v) => table.setOrder(m, v ?? 0)}
              />
            ),
          },
          { title: '权限标识', dataIndex: 'perms', ellipsis: true },
          { title: '组件路径', dataIndex: 'component', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 80, render: (v: string) => <DictTag options={statusOptions} value={v} /> },
          {
            title: '操作',
            key: 'actions',
            width: 210,
            align: 'center',
            render: (_, m) => (
              <Space size={0}>
                <HasPermi value={['system:menu:edit']}>
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ mode: 'edit', menuId: m.menuId })}>
                    修改
                  </Button>
                </HasPermi>
                <HasPermi value={['system:menu:add']}>
                  <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add', parentId: m.menuId })}>
                    新增
                  </Button>
                </HasPermi>
                <HasPermi value={['system:menu:remove']}>
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(m).catch(() => undefined)}>
                    删除
                  </Button>
                </HasPermi>
              </Space>
            ),
          },
        ]}
      />

      <MenuDialog
        target={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          refresh();
        }}
      />
    </div>
  );
}
