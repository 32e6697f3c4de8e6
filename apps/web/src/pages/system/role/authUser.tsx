import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, type TableColumnsType } from 'antd';
import { CloseCircleOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { allocatedUserList, authUserCancel, authUserCancelAll, type RoleUser } from '../../../api/system/role';
import { HasPermi } from '../../../components/HasPermi';
import { ListTable } from '../../../components/ListPage';
import RightToolbar from '../../../components/RightToolbar';
import { useCloseTab } from '../../../hooks/useCloseTab';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import { confirmDialog, toast } from '../../../utils/feedback';
import SelectUserDialog from './components/SelectUserDialog';
import { USER_FILTERS, UserSearchBar, userColumns } from './components/userColumns';

/** 分配用户 (route /system/role-auth/user/:roleId): the users holding a role. */
export default function AuthUserPage() {
  const roleId = Number(useParams().roleId);
  const close = useCloseTab('/system/role');
  const { sys_normal_disable: statusOptions } = useDict('sys_normal_disable');
  const list = useListPage(`system-role-allocated-${roleId}`, (q) => allocatedUserList({ ...q, roleId }), USER_FILTERS);
  const [selecting, setSelecting] = useState(false);

  /** Confirms, revokes, toasts 取消授权成功 and reloads; a refused call keeps the list as it is. */
  const revoke = async (content: string, call: () => Promise<unknown>) => {
    if (!(await confirmDialog({ content, type: 'warning' }))) return;
    try {
      await call();
      toast.success('取消授权成功');
      list.setSelectedKeys([]);
      list.refresh();
    } catch {
      // The request layer already showed the server's message.
    }
  };

  const columns: TableColumnsType<RoleUser> = [
    ...userColumns(statusOptions),
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      width: 130,
      render: (_v, user) => (
        <HasPermi value={['system:role:remove']}>
          <Button
            type="link"
            icon={<CloseCircleOutlined />}
            onClick={() => void revoke(`确认要取消该用户"${user.userName}"角色吗？`, () => authUserCancel(user.userId, roleId))}
          >
            取消授权
          </Button>
        </HasPermi>
      ),
    },
  ];

  return (
    <div className="app-container">
      <UserSearchBar list={list} />
      <div style={{ display: 'flex', gap: 10, marginBottom: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <HasPermi value={['system:role:add']}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setSelecting(true)}>
            添加用户
          </Button>
        </HasPermi>
        <HasPermi value={['system:role:remove']}>
          <Button
            danger
            icon={<CloseCircleOutlined />}
            disabled={list.selectedKeys.length === 0}
            onClick={() => void revoke('是否取消选中用户授权数据项?', () => authUserCancelAll(roleId, list.selectedKeys))}
          >
            批量取消授权
          </Button>
        </HasPermi>
        <Button color="orange" variant="outlined" icon={<CloseOutlined />} onClick={close}>
          关闭
        </Button>
        <RightToolbar showSearch={list.showSearch} onShowSearchChange={list.setShowSearch} onRefresh={list.refresh} />
      </div>
      <ListTable list={list} rowKey="userId" columns={columns} />
      <SelectUserDialog
        roleId={roleId}
        open={selecting}
        onClose={() => setSelecting(false)}
        onSaved={() => {
          setSelecting(false);
          list.refresh();
        }}
      />
    </div>
  );
}
