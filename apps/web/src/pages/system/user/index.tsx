import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Space, type TableColumnsType } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import { getConfigKey } from '../../../api/system/config';
import { changeUserStatus, delUser, deptTreeSelect, importUsers, listUser, type SysUser, type UserQuery } from '../../../api/system/user';
import {
  createTimeColumn,
  deleteRows,
  IconAction,
  ListTable,
  ListToolbar,
  SearchBar,
  SearchDict,
  SearchText,
  textColumn,
  useStatusColumn,
} from '../../../components/ListPage';
import ExcelImportDialog from '../../../components/ExcelImportDialog';
import { useColumnChooser } from '../../../hooks/useColumnChooser';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import type { TreeNode } from '../../../types/api';
import DeptTreePanel from './DeptTreePanel';
import ResetPwdDialog from './ResetPwdDialog';
import UserDetail from './UserDetail';
import UserDialog from './UserDialog';

const PERM = 'system:user';
const FILTERS: UserQuery = {};
const SUPER_ADMIN_ID = 1;
const CHOOSABLE: { key: string; label: string }[] = [
  { key: 'userId', label: '用户编号' },
  { key: 'userName', label: '用户名称' },
  { key: 'nickName', label: '用户昵称' },
  { key: 'deptName', label: '部门' },
  { key: 'phonenumber', label: '手机号码' },
  { key: 'status', label: '状态' },
  { key: 'createTime', label: '创建时间' },
];

/** 用户管理 (screens §3.1). */
export default function User() {
  const navigate = useNavigate();
  const { sys_normal_disable: statuses = [] } = useDict('sys_normal_disable');
  const list = useListPage<SysUser, UserQuery>('system-user', listUser, FILTERS);
  const [deptTree, setDeptTree] = useState<TreeNode[]>([]);
  const [treeLoading, setTreeLoading] = useState(false);
  const [initPassword, setInitPassword] = useState('');
  const chooser = useColumnChooser('user-columns', CHOOSABLE);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [viewing, setViewing] = useState<number | undefined>(undefined);
  const [resetting, setResetting] = useState<SysUser | undefined>(undefined);
  const [importing, setImporting] = useState(false);

  const loadTree = useCallback(() => {
    setTreeLoading(true);
    deptTreeSelect()
      .then((res) => setDeptTree(res.data ?? []))
      .catch(() => setDeptTree([]))
      .finally(() => setTreeLoading(false));
  }, []);

  useEffect(() => {
    loadTree();
    getConfigKey('sys.user.initPassword').then(setInitPassword).catch(() => setInitPassword(''));
  }, [loadTree]);

  const closeDetail = useCallback(() => setViewing(undefined), []);

  const remove = (ids: number[]) =>
    void deleteRows('用户', ids, delUser, () => {
      list.setSelectedKeys([]);
      list.refresh();
    });

  const statusColumn = useStatusColumn<SysUser>({
    perm: PERM,
    entity: '用户',
    idOf: (u) => u.userId,
    nameOf: (u) => u.userName,
    statusOf: (u) => u.status,
    change: changeUserStatus,
    reload: list.refresh,
  });

  const allColumns: (TableColumnsType<SysUser>[number] & { key: string })[] = [
    { ...textColumn<SysUser>('用户编号', 'userId'), key: 'userId', width: 90 },
    {
      ...textColumn<SysUser>('用户名称', 'userName', true),
      key: 'userName',
      render: (v: string, row) => <a onClick={() => setViewing(row.userId)}>{v}</a>,
    },
    { ...textColumn<SysUser>('用户昵称', 'nickName', true), key: 'nickName' },
    { key: 'deptName', title: '部门', align: 'center', ellipsis: true, render: (_v, row) => row.dept?.deptName },
    { ...textColumn<SysUser>('手机号码', 'phonenumber'), key: 'phonenumber', width: 120 },
    { ...statusColumn, key: 'status' },
    { ...createTimeColumn<SysUser>(), key: 'createTime', width: 170 },
    {
      key: 'actions',
      title: '操作',
      align: 'center',
      fixed: 'right',
      width: 180,
      render: (_v, row) =>
        row.userId === SUPER_ADMIN_ID ? null : (
          <Space size={0}>
            <IconAction perm={`${PERM}:edit`} title="修改" icon={<EditOutlined />} onClick={() => setEditing(row.userId)} />
            <IconAction perm={`${PERM}:remove`} title="删除" icon={<DeleteOutlined />} onClick={() => remove([row.userId])} />
            <IconAction perm={`${PERM}:resetPwd`} title="重置密码" icon={<KeyOutlined />} onClick={() => setResetting(row)} />
            <IconAction
              perm={`${PERM}:edit`}
              title="分配角色"
              icon={<CheckCircleOutlined />}
              onClick={() => void navigate(`/system/user-auth/role/${row.userId}`)}
            />
          </Space>
        ),
    },
  ];

  return (
    <div className="app-container user-page">
      <DeptTreePanel
        tree={deptTree}
        loading={treeLoading}
        selected={list.filters.deptId}
        onSelect={(deptId) => list.search({ deptId })}
        onRefresh={loadTree}
      />
      <div className="user-page-list">
        <SearchBar list={list} initialValues={FILTERS} withDateRange>
          <SearchText label="用户名称" name="userName" />
          <SearchText label="手机号码" name="phonenumber" />
          <SearchDict label="状态" name="status" placeholder="用户状态" options={statuses} />
        </SearchBar>
        <ListToolbar
          perm={PERM}
          list={list}
          onAdd={() => setEditing(null)}
          onEdit={setEditing}
          onDelete={remove}
          onImport={() => setImporting(true)}
          exportUrl="/system/user/export"
          exportName="user"
          columns={chooser.columns}
          onColumnsChange={chooser.change}
        />
        <ListTable
          list={list}
          rowKey="userId"
          columns={chooser.visible(allColumns)}
          selectable={(row) => row.userId !== SUPER_ADMIN_ID}
          minWidth={900}
        />
      </div>
      <UserDialog
        userId={editing}
        deptTree={deptTree}
        initPassword={initPassword}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          list.refresh();
        }}
      />
      <UserDetail userId={viewing} onClose={closeDetail} />
      <ResetPwdDialog user={resetting} onClose={() => setResetting(undefined)} />
      {importing && (
        <ExcelImportDialog
          title="用户导入"
          updateLabel="是否更新已经存在的用户数据"
          note="仅允许导入xls、xlsx格式文件。"
          templateUrl="/system/user/importTemplate"
          templateName="user_template"
          upload={importUsers}
          onClose={() => setImporting(false)}
          onImported={list.refresh}
        />
      )}
    </div>
  );
}
