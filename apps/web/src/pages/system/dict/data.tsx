import { Button, Empty, Form, Input, Select, Spin, type TableColumnsType } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { addData, delData, getData, listData, updateData, type DictData } from '../../../api/system/dict/data';
import { getType, optionselect, type DictType } from '../../../api/system/dict/type';
import DictTag from '../../../components/DictTag';
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
import { useDictStore } from '../../../stores/dict';
import { useCloseTab } from '../../../hooks/useCloseTab';

const PERM = 'system:dict';

/** 回显样式: the tag type the entry is shown with. */
const LIST_CLASSES = [
  { value: 'default', label: '默认(default)' },
  { value: 'primary', label: '主要(primary)' },
  { value: 'success', label: '成功(success)' },
  { value: 'info', label: '信息(info)' },
  { value: 'warning', label: '警告(warning)' },
  { value: 'danger', label: '危险(danger)' },
];

interface Filters {
  dictType: string;
  dictLabel?: string;
  status?: string;
}

function DictDataList({ type, types }: { type: DictType; types: DictType[] }) {
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  const removeDict = useDictStore((s) => s.removeDict);
  const initial: Filters = { dictType: type.dictType };
  const { list, dialog, remove } = useCrudPage({
    key: 'system/dict/data',
    fetch: listData,
    filters: initial,
    entity: '字典数据',
    deleteEntity: '字典编码',
    defaults: { dictSort: 0, listClass: 'default', status: '0' },
    api: { get: getData, add: addData, update: updateData, remove: delData },
    onChange: (saved, filters) => removeDict(saved?.dictType ?? filters.dictType),
  });
  const close = useCloseTab('/system/dict');

  const columns: TableColumnsType<DictData> = [
    textColumn('字典编码', 'dictCode'),
    {
      title: '字典标签',
      dataIndex: 'dictLabel',
      align: 'center',
      render: (v: string, row) => (
        <DictTag options={[{ label: v, value: row.dictValue, elTagType: row.listClass ?? undefined, elTagClass: row.cssClass ?? undefined }]} value={row.dictValue} />
      ),
    },
    textColumn('字典键值', 'dictValue'),
    textColumn('字典排序', 'dictSort'),
    dictColumn('状态', 'status', statuses),
    textColumn('备注', 'remark', true),
    createTimeColumn(),
    actionColumn(PERM, (row) => row.dictCode!, dialog.openEdit, remove),
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={initial}>
        <Form.Item label="字典名称" name="dictType">
          <Select options={types.map((t) => ({ label: t.dictName, value: t.dictType }))} style={{ width: 200 }} />
        </Form.Item>
        <SearchText label="字典标签" name="dictLabel" />
        <SearchDict label="状态" name="status" placeholder="数据状态" options={statuses} />
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd({ dictType: list.filters.dictType })}
        onEdit={dialog.openEdit}
        onDelete={remove}
        exportUrl="/system/dict/data/export"
        exportName="dict_data"
      >
        <Button color="orange" variant="outlined" icon={<CloseOutlined />} onClick={close}>
          关闭
        </Button>
      </ListToolbar>
      <ListTable list={list} rowKey="dictCode" columns={columns} />
      <FormDialog {...dialog.dialogProps}>
        <Form.Item label="字典类型" name="dictType">
          <Input disabled />
        </Form.Item>
        <TextField label="数据标签" name="dictLabel" required="数据标签不能为空" maxLength={100} />
        <TextField label="数据键值" name="dictValue" required="数据键值不能为空" maxLength={100} />
        <TextField label="样式属性" name="cssClass" maxLength={100} />
        <OrderField name="dictSort" required="数据顺序不能为空" />
        <Form.Item label="回显样式" name="listClass">
          <Select options={LIST_CLASSES} />
        </Form.Item>
        <DictRadioField label="状态" name="status" options={statuses} />
        <RemarkField />
      </FormDialog>
    </div>
  );
}

/** 字典数据 (screens §3.10, route /system/dict-data/index/:dictId): the entries of one type. */
export default function DictDataPage() {
  const dictId = Number(useParams().dictId);
  const type = useQuery({ queryKey: ['system/dict/type', dictId], queryFn: () => getType(dictId) });
  const types = useQuery({ queryKey: ['system/dict/type/optionselect'], queryFn: optionselect });
  if (type.isPending || types.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!type.data?.data) return <Empty description="字典类型不存在" style={{ margin: 48 }} />;
  return <DictDataList key={dictId} type={type.data.data} types={types.data?.data ?? []} />;
}
