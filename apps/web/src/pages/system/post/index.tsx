import { Form, Input, InputNumber, Radio, Select, type TableColumnsType } from 'antd';
import { addPost, delPost, getPost, listPost, updatePost, type Post } from '../../../api/system/post';
import DictTag from '../../../components/DictTag';
import { FormDialog, ListTable, ListToolbar, RowActions, SearchBar, deleteRows, dictChoices, useFormDialog } from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import { download } from '../../../utils/download';
import { parseTime } from '../../../utils/ruoyi';

const PERM = 'system:post';
const FILTERS: { postCode?: string; postName?: string; status?: string } = {};

/** 岗位管理 (screens §3.8). */
export default function PostPage() {
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  const list = useListPage<Post, typeof FILTERS>('system/post', listPost, FILTERS);
  const dialog = useFormDialog<Post>({
    entity: '岗位',
    defaults: { postSort: 0, status: '0' },
    api: { get: getPost, add: addPost, update: updatePost },
    onSaved: list.refresh,
  });
  const remove = (ids: number[]) => void deleteRows('岗位', ids, delPost, list.refresh);

  const columns: TableColumnsType<Post> = [
    { title: '岗位编号', dataIndex: 'postId', align: 'center' },
    { title: '岗位编码', dataIndex: 'postCode', align: 'center' },
    { title: '岗位名称', dataIndex: 'postName', align: 'center' },
    { title: '岗位排序', dataIndex: 'postSort', align: 'center' },
    { title: '状态', dataIndex: 'status', align: 'center', render: (v: string) => <DictTag options={statuses} value={v} /> },
    { title: '创建时间', dataIndex: 'createTime', align: 'center', width: 180, render: (v: string) => parseTime(v) },
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      render: (_, row) => <RowActions perm={PERM} onEdit={() => dialog.openEdit(row.postId!)} onDelete={() => remove([row.postId!])} />,
    },
  ];

  return (
    <div className="app-container" style={{ padding: 20 }}>
      <SearchBar list={list} initialValues={FILTERS}>
        <Form.Item label="岗位编码" name="postCode">
          <Input placeholder="请输入岗位编码" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="岗位名称" name="postName">
          <Input placeholder="请输入岗位名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="岗位状态" allowClear options={dictChoices(statuses)} style={{ width: 200 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd()}
        onEdit={dialog.openEdit}
        onDelete={remove}
        onExport={() => void download('/system/post/export', list.exportParams, `post_${Date.now()}.xlsx`)}
      />
      <ListTable list={list} rowKey="postId" columns={columns} />
      <FormDialog {...dialog.dialogProps}>
        <Form.Item label="岗位名称" name="postName" rules={[{ required: true, whitespace: true, message: '岗位名称不能为空' }]}>
          <Input placeholder="请输入岗位名称" />
        </Form.Item>
        <Form.Item label="岗位编码" name="postCode" rules={[{ required: true, whitespace: true, message: '岗位编码不能为空' }]}>
          <Input placeholder="请输入编码名称" />
        </Form.Item>
        <Form.Item label="岗位顺序" name="postSort" rules={[{ required: true, message: '岗位顺序不能为空' }]}>
          <InputNumber min={0} precision={0} />
        </Form.Item>
        <Form.Item label="岗位状态" name="status">
          <Radio.Group options={dictChoices(statuses)} />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea placeholder="请输入内容" />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
