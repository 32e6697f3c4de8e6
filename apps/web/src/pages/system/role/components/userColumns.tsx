import type { TableColumnsType } from 'antd';
import type { RoleUser } from '../../../../api/system/role';
import { createTimeColumn, dictColumn, SearchBar, SearchText, textColumn, type ListPageState } from '../../../../components/ListPage';
import type { DictOption } from '../../../../hooks/useDict';

export const USER_FILTERS: { userName?: string; phonenumber?: string } = {};

/** 用户名称 / 手机号码 search of the 分配用户 page and the 选择用户 dialog; Enter searches. */
export function UserSearchBar({ list }: { list: ListPageState<RoleUser, typeof USER_FILTERS> }) {
  return (
    <SearchBar list={list} initialValues={USER_FILTERS}>
      <SearchText label="用户名称" name="userName" />
      <SearchText label="手机号码" name="phonenumber" />
    </SearchBar>
  );
}

/** The user columns shared by the 分配用户 page and the 选择用户 dialog. */
export function userColumns(statusOptions: DictOption[]): TableColumnsType<RoleUser> {
  return [
    textColumn('用户名称', 'userName', true),
    textColumn('用户昵称', 'nickName', true),
    textColumn('邮箱', 'email', true),
    textColumn('手机', 'phonenumber', true),
    dictColumn('状态', 'status', statusOptions),
    createTimeColumn(),
  ];
}
