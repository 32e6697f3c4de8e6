import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Space, type TableColumnsType } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, UserOutlined } from '@ant-design/icons';
import { changeRoleStatus, delRole, listRole, type Role } from '../../../api/system/role';
import {
  createTimeColumn,
  deleteRows,
  IconAction,
  ListTable,
  ListToolbar,
  SearchBar,
  SearchDict,
  SearchText,
  useStatusColumn,
} from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import DataScopeDialog from './components/DataScopeDialog';
import RoleDialog from './components/RoleDialog';

const PERM = 'system:role';
const FILTERS: { roleName?: string; roleKey?: string; status?: string } = {};

const ADMIN_ROLE_ID = 1;

/** 角色管理 (screens catalogue §3.4). */
export default function RolePage() {
  const navigate = useNavigate();
  const { sys_normal_disable: statusOptions } = useDict('sys_normal_disable');
  const list = useListPage('system-role', listRole, FILTERS);
  const [editing, setEditing] = useState<number | null>(null);
  const [scoping, setScoping] = useState<number | null>(null);

  const remove = (ids: number[]) =>
    void deleteRows('角色', ids, delRole, () => {
      list.setSelectedKeys([]);
      list.refresh();
    });

  const statusColumn = useStatusColumn<Role>({
    perm: PERM,
    entity: '角色',
    idOf: (r) => r.roleId,
    nameOf: (r) => r.roleName,
    statusOf: (r) => r.status,
    change: changeRoleStatus,
    reload: list.refresh,
    locked: (r) => r.roleId === ADMIN_ROLE_ID,
  });

  const saved = () => {
    setEditing(null);
    setScoping(null);
    list.refresh();
  };

  const columns: TableColumnsType<Role> = [
    { title: '角色编号', dataIndex: 'roleId', width: 100 },
    { title: '角色名称', dataIndex: 'roleName', ellipsis: true, width: 150 },
    { title: '权限字符', dataIndex: 'roleKey', ellipsis: true, width: 150 },
    { title: '显示顺序', dataIndex: 'roleSort', width: 100 },
    statusColumn,
    createTimeColumn(),
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      render: (_v, role) =>
        role.roleId === ADMIN_ROLE_ID ? null : (
          <Space size={0}>
            <IconAction perm={`${PERM}:edit`} title="修改" icon={<EditOutlined />} onClick={() => setEditing(role.roleId)} />
            <IconAction perm={`${PERM}:remove`} title="删除" icon={<DeleteOutlined />} onClick={() => remove([role.roleId])} />
            <IconAction perm={`${PERM}:edit`} title="数据权限" icon={<CheckCircleOutlined />} onClick={() => setScoping(role.roleId)} />
            <IconAction
              perm={`${PERM}:edit`}
              title="分配用户"
              icon={<UserOutlined />}
              onClick={() => void navigate(`/system/role-auth/user/${role.roleId}`)}
            />
          </Space>
        ),
    },
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS} withDateRange>
        <SearchText label="角色名称" name="roleName" />
        <SearchText label="权限字符" name="roleKey" />
        <SearchDict label="状态" name="status" placeholder="角色状态" options={statusOptions} />
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => setEditing(0)}
        onEdit={setEditing}
        onDelete={remove}
        exportUrl="/system/role/export"
        exportName="role"
      />
      <ListTable list={list} rowKey="roleId" columns={columns} />

      <RoleDialog roleId={editing} onClose={() => setEditing(null)} onSaved={saved} />
      <DataScopeDialog roleId={scoping} onClose={() => setScoping(null)} onSaved={saved} />
    </div>
  );
}
