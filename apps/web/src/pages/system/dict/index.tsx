import { Button, Form, Input, type TableColumnsType } from 'antd';
import { OrderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { addType, delType, getType, listType, refreshCache, updateType, type DictType } from '../../../api/system/dict/type';
import { HasPermi } from '../../../components/HasPermi';
import {
  actionColumn,
  createTimeColumn,
  dictColumn,
  DictRadioField,
  FormDialog,
  ListTable,
  ListToolbar,
  RefreshCacheButton,
  RemarkField,
  runAction,
  SearchBar,
  SearchDict,
  SearchText,
  textColumn,
  TextField,
  useCrudPage,
} from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import { useDictStore } from '../../../stores/dict';

const PERM = 'system:dict';
const FILTERS: { dictName?: string; dictType?: string; status?: string } = {};

export const dictDataPath = (dictId: number) => `/system/dict-data/index/${dictId}`;

/** 字典管理 (screens §3.9): types; each type's entries live on the 字典数据 page. */
export default function DictPage() {
  const navigate = useNavigate();
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  const cleanDict = useDictStore((s) => s.cleanDict);
  const { list, dialog, remove } = useCrudPage({
    key: 'system/dict/type',
    fetch: listType,
    filters: FILTERS,
    entity: '字典类型',
    deleteEntity: '字典',
    defaults: { status: '0' },
    api: { get: getType, add: addType, update: updateType, remove: delType },
    // A renamed or removed type changes what the cached entries are filed under.
    onChange: () => cleanDict(),
  });
  const refresh = async () => {
    await refreshCache();
    cleanDict();
  };

  const columns: TableColumnsType<DictType> = [
    { ...textColumn<DictType>('字典编号', 'dictId'), width: 90 },
    textColumn('字典名称', 'dictName', true),
    { ...textColumn<DictType>('字典类型', 'dictType'), render: (v: string, row) => <Link to={dictDataPath(row.dictId!)}>{v}</Link> },
    { ...dictColumn<DictType>('状态', 'status', statuses), width: 90 },
    textColumn('备注', 'remark', true),
    createTimeColumn(),
    actionColumn(PERM, (row) => row.dictId!, dialog.openEdit, remove, (row) => (
      <HasPermi value={[`${PERM}:edit`]}>
        <Button type="link" size="small" icon={<OrderedListOutlined />} onClick={() => void navigate(dictDataPath(row.dictId!))}>
          列表
        </Button>
      </HasPermi>
    )),
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS} withDateRange>
        <SearchText label="字典名称" name="dictName" />
        <SearchText label="字典类型" name="dictType" />
        <SearchDict label="状态" name="status" placeholder="字典状态" options={statuses} />
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd()}
        onEdit={dialog.openEdit}
        onDelete={remove}
        exportUrl="/system/dict/type/export"
        exportName="dict"
      >
        <RefreshCacheButton perm={PERM} onClick={() => void runAction(refresh, '刷新成功')} />
      </ListToolbar>
      <ListTable list={list} rowKey="dictId" columns={columns} />
      <FormDialog {...dialog.dialogProps}>
        <TextField label="字典名称" name="dictName" required="字典名称不能为空" maxLength={100} />
        <Form.Item
          label="字典类型"
          name="dictType"
          tooltip="数据存储中的Key值，如：sys_user_sex"
          rules={[{ required: true, whitespace: true, message: '字典类型不能为空' }]}
        >
          <Input placeholder="请输入字典类型" />
        </Form.Item>
        <DictRadioField label="状态" name="status" options={statuses} />
        <RemarkField />
      </FormDialog>
    </div>
  );
}
