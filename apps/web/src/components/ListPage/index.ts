export { default as SearchBar } from './SearchBar';
export { default as ListToolbar } from './ListToolbar';
export { default as ListTable } from './ListTable';
export { default as RowActions } from './RowActions';
export { FormDialog, useFormDialog, type CrudApi } from './FormDialog';
export { deleteRows, dictChoices, runAction } from './actions';
export type { ListPageState } from './types';
