import { Modal, Table } from 'antd';
import { authUserSelectAll, unallocatedUserList, type RoleUser } from '../../../../api/system/role';
import Pagination from '../../../../components/Pagination';
import { useDict } from '../../../../hooks/useDict';
import { useListPage } from '../../../../hooks/useListPage';
import { toast } from '../../../../utils/feedback';
import { USER_FILTERS, UserSearchBar, userColumns } from './userColumns';

interface SelectUserDialogProps {
  roleId: number;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

function SelectUserBody({ roleId, onClose, onSaved }: Omit<SelectUserDialogProps, 'open'>) {
  const { sys_normal_disable: statusOptions } = useDict('sys_normal_disable');
  const list = useListPage(`system-role-unallocated-${roleId}`, (q) => unallocatedUserList({ ...q, roleId }), USER_FILTERS);

  const toggle = (userId: number) =>
    list.setSelectedKeys(list.selectedKeys.includes(userId) ? list.selectedKeys.filter((k) => k !== userId) : [...list.selectedKeys, userId]);

  const submit = async () => {
    if (list.selectedKeys.length === 0) {
      toast.error('请选择要分配的用户');
      return;
    }
    try {
      const res = await authUserSelectAll(roleId, list.selectedKeys);
      toast.success(res.msg);
      onSaved();
    } catch {
      // The request layer already showed the server's message.
    }
  };

  return (
    <Modal title="选择用户" open width={800} style={{ top: '5vh' }} okText="确 定" cancelText="取 消" onOk={() => void submit()} onCancel={onClose}>
      <UserSearchBar list={list} />
      <Table<RoleUser>
        rowKey="userId"
        size="small"
        loading={list.loading}
        columns={userColumns(statusOptions)}
        dataSource={list.rows}
        pagination={false}
        scroll={{ y: 260 }}
        rowSelection={{ selectedRowKeys: list.selectedKeys, onChange: list.setSelectedKeys }}
        onRow={(user) => ({ onClick: () => toggle(user.userId), style: { cursor: 'pointer' } })}
      />
      <Pagination total={list.total} page={list.page.pageNum} limit={list.page.pageSize} autoScroll={false} onChange={list.setPage} />
    </Modal>
  );
}

/** 选择用户: users who do not hold the role yet, picked and granted together. */
export default function SelectUserDialog({ open, ...rest }: SelectUserDialogProps) {
  return open ? <SelectUserBody {...rest} /> : null;
}
