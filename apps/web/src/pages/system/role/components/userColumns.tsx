import type { TableColumnsType } from 'antd';
import type { RoleUser } from '../../../../api/system/role';
import DictTag from '../../../../components/DictTag';
import type { DictOption } from '../../../../hooks/useDict';
import { parseTime } from '../../../../utils/ruoyi';

/** The user columns shared by the 分配用户 page and the 选择用户 dialog. */
export function userColumns(statusOptions: DictOption[]): TableColumnsType<RoleUser> {
  return [
    { title: '用户名称', dataIndex: 'userName', ellipsis: true },
    { title: '用户昵称', dataIndex: 'nickName', ellipsis: true },
    { title: '邮箱', dataIndex: 'email', ellipsis: true },
    { title: '手机', dataIndex: 'phonenumber', ellipsis: true },
    { title: '状态', dataIndex: 'status', align: 'center', render: (v: string) => <DictTag options={statusOptions} value={v} /> },
    { title: '创建时间', dataIndex: 'createTime', align: 'center', width: 180, render: (v: string) => parseTime(v) },
  ];
}
