/**
 * Building blocks of the standard CRUD list screen (screens catalogue §1.2). A screen is:
 *
 *   const { list, dialog, remove } = useCrudPage({ key, fetch, filters, entity, defaults, api });
 *   <SearchBar list={list} initialValues={filters} withDateRange> <SearchText …/> <SearchDict …/> </SearchBar>
 *   <ListToolbar perm="system:post" list={list} onAdd={() => dialog.openAdd()} onEdit={dialog.openEdit}
 *     onDelete={remove} exportUrl="/system/post/export" exportName="post" />
 *   <ListTable list={list} rowKey="postId" columns={[textColumn(…), dictColumn(…), createTimeColumn(), actionColumn(…)]} />
 *   <FormDialog {...dialog.dialogProps}> <TextField …/> <DictRadioField …/> <RemarkField /> </FormDialog>
 *
 * The pieces also work alone (useListPage + SearchBar + ListTable for screens without a dialog).
 */
export { default as SearchBar } from './SearchBar';
export { default as ListToolbar, ToolbarRow } from './ListToolbar';
export { default as ListTable, type ListSort } from './ListTable';
export { default as RowActions, IconAction } from './RowActions';
export { dialogLabelCol, FormDialog, useFormDialog, type CrudApi } from './FormDialog';
export { confirmAction, deleteRows, dictChoices, runAction } from './actions';
export { actionColumn, createTimeColumn, dictColumn, sortableColumn, textColumn } from './columns';
export {
  DictRadioField,
  EmailField,
  OrderField,
  PhoneField,
  RefreshCacheButton,
  RemarkField,
  SearchDict,
  SearchText,
  TextField,
  TreeSelectField,
} from './fields';
export { orderColumn, treeActionColumn, TreeTable, TreeToolbar, useTreePage } from './TreePage';
export { useStatusColumn } from './statusColumn';
export type { ListPageState } from './types';
export { useCrudPage } from './useCrudPage';
