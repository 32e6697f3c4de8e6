import type { TableColumnsType } from 'antd';
import { addPost, delPost, getPost, listPost, updatePost, type Post } from '../../../api/system/post';
import {
  actionColumn,
  createTimeColumn,
  dictColumn,
  DictRadioField,
  FormDialog,
  ListTable,
  ListToolbar,
  OrderField,
  RemarkField,
  SearchBar,
  SearchDict,
  SearchText,
  textColumn,
  TextField,
  useCrudPage,
} from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';

const PERM = 'system:post';
const FILTERS: { postCode?: string; postName?: string; status?: string } = {};

/** 岗位管理 (screens §3.8). */
export default function PostPage() {
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  const { list, dialog, remove } = useCrudPage({
    key: 'system/post',
    fetch: listPost,
    filters: FILTERS,
    entity: '岗位',
    defaults: { postSort: 0, status: '0' },
    api: { get: getPost, add: addPost, update: updatePost, remove: delPost },
  });

  const columns: TableColumnsType<Post> = [
    textColumn('岗位编号', 'postId'),
    textColumn('岗位编码', 'postCode'),
    textColumn('岗位名称', 'postName'),
    textColumn('岗位排序', 'postSort'),
    dictColumn('状态', 'status', statuses),
    createTimeColumn(),
    actionColumn(PERM, (row) => row.postId!, dialog.openEdit, remove),
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="岗位编码" name="postCode" />
        <SearchText label="岗位名称" name="postName" />
        <SearchDict label="状态" name="status" placeholder="岗位状态" options={statuses} />
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd()}
        onEdit={dialog.openEdit}
        onDelete={remove}
        exportUrl="/system/post/export"
        exportName="post"
      />
      <ListTable list={list} rowKey="postId" columns={columns} />
      <FormDialog {...dialog.dialogProps}>
        <TextField label="岗位名称" name="postName" required="岗位名称不能为空" maxLength={50} />
        <TextField label="岗位编码" name="postCode" required="岗位编码不能为空" placeholder="请输入编码名称" maxLength={64} />
        <OrderField label="岗位顺序" name="postSort" required="岗位顺序不能为空" />
        <DictRadioField label="岗位状态" name="status" options={statuses} />
        <RemarkField />
      </FormDialog>
    </div>
  );
}
