import type { TableColumnsType } from 'antd';
import { addConfig, delConfig, getConfig, listConfig, refreshConfigCache, updateConfig, type Config } from '../../../api/system/config';
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

const PERM = 'system:config';
const FILTERS: { configName?: string; configKey?: string; configType?: string } = {};

/** 参数设置 (screens §3.11). */
export default function ConfigPage() {
  const { sys_yes_no: yesNo } = useDict('sys_yes_no');
  const { list, dialog, remove } = useCrudPage({
    key: 'system/config',
    fetch: listConfig,
    filters: FILTERS,
    entity: '参数',
    defaults: { configType: 'Y' },
    api: { get: getConfig, add: addConfig, update: updateConfig, remove: delConfig },
  });

  const columns: TableColumnsType<Config> = [
    textColumn('参数主键', 'configId'),
    textColumn('参数名称', 'configName', true),
    textColumn('参数键名', 'configKey', true),
    textColumn('参数键值', 'configValue', true),
    dictColumn('系统内置', 'configType', yesNo),
    textColumn('备注', 'remark', true),
    createTimeColumn(),
    actionColumn(PERM, (row) => row.configId!, dialog.openEdit, remove),
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS} withDateRange>
        <SearchText label="参数名称" name="configName" />
        <SearchText label="参数键名" name="configKey" />
        <SearchDict label="系统内置" name="configType" placeholder="系统内置" options={yesNo} />
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd()}
        onEdit={dialog.openEdit}
        onDelete={remove}
        exportUrl="/system/config/export"
        exportName="config"
      >
        <RefreshCacheButton perm={PERM} onClick={() => void runAction(refreshConfigCache, '刷新缓存成功')} />
      </ListToolbar>
      <ListTable list={list} rowKey="configId" columns={columns} />
      <FormDialog {...dialog.dialogProps}>
        <TextField label="参数名称" name="configName" required="参数名称不能为空" maxLength={100} />
        <TextField label="参数键名" name="configKey" required="参数键名不能为空" maxLength={100} />
        <TextField label="参数键值" name="configValue" required="参数键值不能为空" textarea maxLength={500} />
        <DictRadioField label="系统内置" name="configType" options={yesNo} />
        <RemarkField />
      </FormDialog>
    </div>
  );
}
