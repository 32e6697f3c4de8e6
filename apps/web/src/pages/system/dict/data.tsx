import { Button, Empty, Form, Input, InputNumber, Radio, Select, Spin, type TableColumnsType } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { addData, delData, getData, listData, updateData, type DictData } from '../../../api/system/dict/data';
import { getType, optionselect, type DictType } from '../../../api/system/dict/type';
import DictTag from '../../../components/DictTag';
import { FormDialog, ListTable, ListToolbar, RowActions, SearchBar, deleteRows, dictChoices, useFormDialog } from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import { useDictStore } from '../../../stores/dict';
import { useTagsViewStore } from '../../../stores/tagsView';
import { download } from '../../../utils/download';
import { parseTime } from '../../../utils/ruoyi';

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
  const navigate = useNavigate();
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  const removeDict = useDictStore((s) => s.removeDict);
  const initial: Filters = { dictType: type.dictType };
  const list = useListPage<DictData, Filters>(`system/dict/data`, listData, initial);
  const saved = (dictType: string) => {
    removeDict(dictType);
    list.refresh();
  };
  const dialog = useFormDialog<DictData>({
    entity: '字典数据',
    defaults: { dictSort: 0, listClass: 'default', status: '0' },
    api: { get: getData, add: addData, update: updateData },
    onSaved: (d) => saved(d.dictType),
  });
  const remove = (ids: number[]) => void deleteRows('字典编码', ids, delData, () => saved(list.filters.dictType));
  const close = () => {
    const tags = useTagsViewStore.getState();
    const current = tags.visitedViews.find((v) => v.path === window.location.pathname);
    if (current) tags.delView(current);
    void navigate('/system/dict');
  };

  const columns: TableColumnsType<DictData> = [
    { title: '字典编码', dataIndex: 'dictCode', align: 'center' },
    {
      title: '字典标签',
      dataIndex: 'dictLabel',
      align: 'center',
      render: (v: string, row) => (
        <DictTag options={[{ label: v, value: row.dictValue, elTagType: row.listClass ?? undefined, elTagClass: row.cssClass ?? undefined }]} value={row.dictValue} />
      ),
    },
    { title: '字典键值', dataIndex: 'dictValue', align: 'center' },
    { title: '字典排序', dataIndex: 'dictSort', align: 'center' },
    { title: '状态', dataIndex: 'status', align: 'center', render: (v: string) => <DictTag options={statuses} value={v} /> },
    { title: '备注', dataIndex: 'remark', align: 'center', ellipsis: true },
    { title: '创建时间', dataIndex: 'createTime', align: 'center', width: 180, render: (v: string) => parseTime(v) },
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      render: (_, row) => <RowActions perm={PERM} onEdit={() => dialog.openEdit(row.dictCode!)} onDelete={() => remove([row.dictCode!])} />,
    },
  ];

  return (
    <div className="app-container" style={{ padding: 20 }}>
      <SearchBar list={list} initialValues={initial}>
        <Form.Item label="字典名称" name="dictType">
          <Select options={types.map((t) => ({ label: t.dictName, value: t.dictType }))} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="字典标签" name="dictLabel">
          <Input placeholder="请输入字典标签" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="数据状态" allowClear options={dictChoices(statuses)} style={{ width: 200 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd({ dictType: list.filters.dictType })}
        onEdit={dialog.openEdit}
        onDelete={remove}
        onExport={() => void download('/system/dict/data/export', list.exportParams, `dict_data_${Date.now()}.xlsx`)}
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
        <Form.Item label="数据标签" name="dictLabel" rules={[{ required: true, whitespace: true, message: '数据标签不能为空' }]}>
          <Input placeholder="请输入数据标签" />
        </Form.Item>
        <Form.Item label="数据键值" name="dictValue" rules={[{ required: true, whitespace: true, message: '数据键值不能为空' }]}>
          <Input placeholder="请输入数据键值" />
        </Form.Item>
        <Form.Item label="样式属性" name="cssClass">
          <Input placeholder="请输入样式属性" />
        </Form.Item>
        <Form.Item label="显示排序" name="dictSort" rules={[{ required: true, message: '数据顺序不能为空' }]}>
          <InputNumber min={0} precision={0} />
        </Form.Item>
        <Form.Item label="回显样式" name="listClass">
          <Select options={LIST_CLASSES} />
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

/** 字典数据 (screens §3.10, route /system/dict-data/index/:dictId): the entries of one type. */
export default function DictDataPage() {
  const dictId = Number(useParams().dictId);
  const type = useQuery({ queryKey: ['system/dict/type', dictId], queryFn: () => getType(dictId) });
  const types = useQuery({ queryKey: ['system/dict/type/optionselect'], queryFn: optionselect });
  if (type.isPending || types.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!type.data?.data) return <Empty description="字典类型不存在" style={{ margin: 48 }} />;
  return <DictDataList key={dictId} type={type.data.data} types={types.data?.data ?? []} />;
}
