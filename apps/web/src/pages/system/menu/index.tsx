import { useState } from 'react';
import { Tag } from 'antd';
import { delMenu, listMenu, updateMenuSort, type Menu, type MenuQuery } from '../../../api/system/menu';
import { AppIcon } from '../../../components/AppIcon';
import {
  dictColumn,
  orderColumn,
  SearchBar,
  SearchDict,
  SearchText,
  TreeTable,
  TreeToolbar,
  treeActionColumn,
  useTreePage,
} from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import MenuDialog, { type MenuDialogTarget } from './components/MenuDialog';

const PERM = 'system:menu';
const EMPTY_QUERY: MenuQuery = { menuName: undefined, status: undefined };
const nameOf = (m: Menu) => m.menuName;

function TypeTag({ menu }: { menu: Menu }) {
  if (menu.menuType !== 'F' && menu.isFrame === '0') return <Tag color="error">外链</Tag>;
  if (menu.menuType === 'M') return <Tag color="processing">目录</Tag>;
  if (menu.menuType === 'C') return <Tag color="success">菜单</Tag>;
  return <Tag color="warning">按钮</Tag>;
}

/** 菜单管理: the menu tree with inline order editing, search and the add/edit dialog (catalogue §3.6). */
export default function MenuPage() {
  const { sys_normal_disable: statusOptions } = useDict('sys_normal_disable');
  const [dialog, setDialog] = useState<MenuDialogTarget | null>(null);
  const page = useTreePage({
    key: 'system-menu',
    filters: EMPTY_QUERY,
    fetch: listMenu,
    idKey: 'menuId',
    nameOf,
    expandedByDefault: false,
    remove: delMenu,
    saveSort: (menuIds, orderNums) => updateMenuSort({ menuIds, orderNums }),
  });

  return (
    <div className="app-container">
      <SearchBar list={page.search.list} initialValues={EMPTY_QUERY}>
        <SearchText label="菜单名称" name="menuName" />
        <SearchDict label="状态" name="status" placeholder="菜单状态" options={statusOptions} />
      </SearchBar>
      <TreeToolbar perm={PERM} page={page} onAdd={() => setDialog({ mode: 'add', parentId: 0 })} />
      <TreeTable
        page={page}
        rowKey="menuId"
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
          orderColumn(page, nameOf, 110),
          { title: '权限标识', dataIndex: 'perms', ellipsis: true },
          { title: '组件路径', dataIndex: 'component', ellipsis: true },
          { ...dictColumn<Menu>('状态', 'status', statusOptions), width: 80 },
          treeActionColumn<Menu>({
            perm: PERM,
            onEdit: (m) => setDialog({ mode: 'edit', menuId: m.menuId }),
            onAdd: (m) => setDialog({ mode: 'add', parentId: m.menuId }),
            onDelete: page.remove,
            width: 210,
          }),
        ]}
      />
      <MenuDialog
        target={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          page.refresh();
        }}
      />
    </div>
  );
}
