import { Form, Select, type TableColumnsType } from 'antd';
import { VARIABLE_SCOPE_LABELS, VARIABLE_SCOPES } from '@acs/shared';
import { addVariable, delVariable, getVariable, listVariable, updateVariable, type Variable, type VariableQuery } from '../../../api/ai/variable';
import {
  actionColumn,
  dictColumn,
  FormDialog,
  ListTable,
  ListToolbar,
  SearchBar,
  SearchText,
  textColumn,
  useCrudPage,
} from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import { checkColumn, keyColumn, scopeColumn, typeColumn, usageColumn } from './components/columns';
import VariableFields from './components/VariableFields';
import VariablePreview from './components/VariablePreview';

const PERM = 'ai:variable';
const FILTERS: VariableQuery = {};
const SCOPE_OPTIONS = VARIABLE_SCOPES.map((value) => ({ value, label: VARIABLE_SCOPE_LABELS[value] }));
const DEFAULTS: Partial<Variable> = {
  varType: 'text',
  scope: 'global',
  defaultValue: '',
  fallback: '',
  pattern: '',
  patternHint: '',
  options: [],
  sort: 0,
  status: '0',
};

/** 变量管理: variables used as {{key}} in prompts, welcome messages and replies. */
export default function VariablePage() {
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  const { list, dialog, remove } = useCrudPage({
    key: 'ai/variable',
    fetch: listVariable,
    filters: FILTERS,
    entity: '变量',
    defaults: DEFAULTS,
    api: { get: getVariable, add: addVariable, update: updateVariable, remove: delVariable },
  });
  const watched = Form.useWatch([], dialog.form);

  const columns: TableColumnsType<Variable> = [
    keyColumn,
    { ...textColumn<Variable>('名称', 'label', true), width: 100 },
    typeColumn,
    scopeColumn,
    { ...textColumn<Variable>('默认值', 'defaultValue', true), width: 100 },
    { ...textColumn<Variable>('兜底值', 'fallback', true), width: 100 },
    checkColumn,
    usageColumn,
    { ...dictColumn('状态', 'status', statuses), width: 70 },
    { ...actionColumn(PERM, (row) => row.variableId!, dialog.openEdit, remove), width: 140, fixed: 'right' },
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="变量键" name="varKey" />
        <SearchText label="名称" name="label" />
        <Form.Item label="范围" name="scope">
          <Select placeholder="作用范围" allowClear options={SCOPE_OPTIONS} style={{ width: 200 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd()}
        onEdit={dialog.openEdit}
        onDelete={remove}
        exportUrl="/ai/variable/export"
        exportName="variable"
      />
      <ListTable list={list} rowKey="variableId" columns={columns} minWidth={1180} />
      <FormDialog {...dialog.dialogProps} width={980} labelWidth={90}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
          <div style={{ flex: '1 1 520px', minWidth: 0 }}>
            <VariableFields form={dialog.form} statuses={statuses} />
          </div>
          <div style={{ flex: '0 1 320px', minWidth: 0 }}>
            <VariablePreview key={String(dialog.dialogProps.open)} varKey={watched?.varKey} label={watched?.label} defaultValue={watched?.defaultValue} fallback={watched?.fallback} />
          </div>
        </div>
      </FormDialog>
    </div>
  );
}
