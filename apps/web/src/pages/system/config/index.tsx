import { Button, Form, Input, Radio, Select, type TableColumnsType } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { addConfig, delConfig, getConfig, listConfig, refreshConfigCache, updateConfig, type Config } from '../../../api/system/config';
import DictTag from '../../../components/DictTag';
import { HasPermi } from '../../../components/HasPermi';
import { FormDialog, ListTable, ListToolbar, RowActions, SearchBar, deleteRows, dictChoices, runAction, useFormDialog } from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import { download } from '../../../utils/download';
import { parseTime } from '../../../utils/ruoyi';

const PERM = 'system:config';
const FILTERS: { configName?: string; configKey?: string; configType?: string } = {};

/** 参数设置 (screens §3.11). */
export default function ConfigPage() {
  const { sys_yes_no: yesNo } = useDict('sys_yes_no');
  const list = useListPage<Config, typeof FILTERS>('system/config', listConfig, FILTERS);
  const dialog = useFormDialog<Config>({
    entity: '参数',
    defaults: { configType: 'Y' },
    api: { get: getConfig, add: addConfig, update: updateConfig },
    onSaved: list.refresh,
  });
  const remove = (ids: number[]) => void deleteRows('参数', ids, delConfig, list.refresh);

  const columns: TableColumnsType<Config> = [
    { title: '参数主键', dataIndex: 'configId', align: 'center' },
    { title: '参数名称', dataIndex: 'configName', align: 'center', ellipsis: true },
    { title: '参数键名', dataIndex: 'configKey', align: 'center', ellipsis: true },
    { title: '参数键值', dataIndex: 'configValue', align: 'center', ellipsis: true },
    { title: '系统内置', dataIndex: 'configType', align: 'center', render: (v: string) => <DictTag options={yesNo} value={v} /> },
    { title: '备注', dataIndex: 'remark', align: 'center', ellipsis: true },
    { title: '创建时间', dataIndex: 'createTime', align: 'center', width: 180, render: (v: string) => parseTime(v) },
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      render: (_, row) => <RowActions perm={PERM} onEdit={() => dialog.openEdit(row.configId!)} onDelete={() => remove([row.configId!])} />,
    },
  ];

  return (
    <div className="app-container" style={{ padding: 20 }}>
      <SearchBar list={list} initialValues={FILTERS} withDateRange>
        <Form.Item label="参数名称" name="configName">
          <Input placeholder="请输入参数名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="参数键名" name="configKey">
          <Input placeholder="请输入参数键名" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="系统内置" name="configType">
          <Select placeholder="系统内置" allowClear options={dictChoices(yesNo)} style={{ width: 200 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd()}
        onEdit={dialog.openEdit}
        onDelete={remove}
        onExport={() => void download('/system/config/export', list.exportParams, `config_${Date.now()}.xlsx`)}
      >
        <HasPermi value={[`${PERM}:remove`]}>
          <Button color="danger" variant="outlined" icon={<SyncOutlined />} onClick={() => void runAction(refreshConfigCache, '刷新缓存成功')}>
            刷新缓存
          </Button>
        </HasPermi>
      </ListToolbar>
      <ListTable list={list} rowKey="configId" columns={columns} />
      <FormDialog {...dialog.dialogProps}>
        <Form.Item label="参数名称" name="configName" rules={[{ required: true, whitespace: true, message: '参数名称不能为空' }]}>
          <Input placeholder="请输入参数名称" />
        </Form.Item>
        <Form.Item label="参数键名" name="configKey" rules={[{ required: true, whitespace: true, message: '参数键名不能为空' }]}>
          <Input placeholder="请输入参数键名" />
        </Form.Item>
        <Form.Item label="参数键值" name="configValue" rules={[{ required: true, whitespace: true, message: '参数键值不能为空' }]}>
          <Input.TextArea placeholder="请输入参数键值" />
        </Form.Item>
        <Form.Item label="系统内置" name="configType">
          <Radio.Group options={dictChoices(yesNo)} />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea placeholder="请输入内容" />
        </Form.Item>
      </FormDialog>
    </div>
  );
}
