import { Button, Form, Input, Radio, Select, type TableColumnsType } from 'antd';
import { OrderedListOutlined, SyncOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { addType, delType, getType, listType, refreshCache, updateType, type DictType } from '../../../api/system/dict/type';
import DictTag from '../../../components/DictTag';
import { HasPermi } from '../../../components/HasPermi';
import { FormDialog, ListTable, ListToolbar, RowActions, SearchBar, deleteRows, dictChoices, runAction, useFormDialog } from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import { useDictStore } from '../../../stores/dict';
import { download } from '../../../utils/download';
import { parseTime } from '../../../utils/ruoyi';

const PERM = 'system:dict';
const FILTERS: { dictName?: string; dictType?: string; status?: string } = {};

export const dictDataPath = (dictId: number) => `/system/dict-data/index/${dictId}`;

/** 字典管理 (screens §3.9): types; each type's entries live on the 字典数据 page. */
export default function DictPage() {
  const navigate = useNavigate();
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  const cleanDict = useDictStore((s) => s.cleanDict);
  const list = useListPage<DictType, typeof FILTERS>('system/dict/type', listType, FILTERS);
  const reload = () => {
    // A renamed or removed type changes what the cached entries are filed under.
    cleanDict();
    list.refresh();
  };
  const dialog = useFormDialog<DictType>({
    entity: '字典类型',
    defaults: { status: '0' },
    api: { get: getType, add: addType, update: updateType },
    onSaved: reload,
  });
  const remove = (ids: number[]) => void deleteRows('字典', ids, delType, reload);
  const refresh = async () => {
    await refreshCache();
    cleanDict();
  };

  const columns: TableColumnsType<DictType> = [
    { title: '字典编号', dataIndex: 'dictId', align: 'center' },
    { title: '字典名称', dataIndex: 'dictName', align: 'center', ellipsis: true },
    {
      title: '字典类型',
      dataIndex: 'dictType',
      align: 'center',
      render: (v: string, row) => <Link to={dictDataPath(row.dictId!)}>{v}</Link>,
    },
    { title: '状态', dataIndex: 'status', align: 'center', render: (v: string) => <DictTag options={statuses} value={v} /> },
    { title: '备注', dataIndex: 'remark', align: 'center', ellipsis: true },
    { title: '创建时间', dataIndex: 'createTime', align: 'center', width: 180, render: (v: string) => parseTime(v) },
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      render: (_, row) => (
        <RowActions perm={PERM} onEdit={() => dialog.openEdit(row.dictId!)} onDelete={() => remove([row.dictId!])}>
          <HasPermi value={[`${PERM}:edit`]}>
            <Button type="link" size="small" icon={<OrderedListOutlined />} onClick={() => void navigate(dictDataPath(row.dictId!))}>
              列表
            </Button>
          </HasPermi>
        </RowActions>
      ),
    },
  ];

  return (
    <div className="app-container" style={{ padding: 20 }}>
      <SearchBar list={list} initialValues={FILTERS} withDateRange>
        <Form.Item label="字典名称" name="dictName">
          <Input placeholder="请输入字典名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="字典类型" name="dictType">
          <Input placeholder="请输入字典类型" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="字典状态" allowClear options={dictChoices(statuses)} style={{ width: 200 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd()}
        onEdit={dialog.openEdit}
        onDelete={remove}
        onExport={() => void download('/system/dict/type/export', list.exportParams, `dict_${Date.now()}.xlsx`)}
      >
        <HasPermi value={[`${PERM}:remove`]}>
          <Button color="danger" variant="outlined" icon={<SyncOutlined />} onClick={() => void runAction(refresh, '刷新成功')}>
            刷新缓存
          </Button>
        </HasPermi>
      </ListToolbar>
      <ListTable list={list} rowKey="dictId" columns={columns} />
      <FormDialog {...dialog.dialogProps}>
        <Form.Item label="字典名称" name="dictName" rules={[{ required: true, whitespace: true, message: '字典名称不能为空' }]}>
          <Input placeholder="请输入字典名称" />
        </Form.Item>
        <Form.Item
          label="字典类型"
          name="dictType"
          tooltip="数据存储中的Key值，如：sys_user_sex"
          rules={[{ required: true, whitespace: true, message: '字典类型不能为空' }]}
        >
          <Input placeholder="请输入字典类型" />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group options={dictChoices(statuses)} />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea placeholder="请输入内容" />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
