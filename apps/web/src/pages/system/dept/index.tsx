import { useState } from 'react';
import { delDept, listDept, updateDeptSort, type Dept, type DeptQuery } from '../../../api/system/dept';
import {
  createTimeColumn,
  dictColumn,
  orderColumn,
  SearchBar,
  SearchDict,
  SearchText,
  TreeTable,
  TreeToolbar,
  treeActionColumn,
  useTreePage,
} from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import DeptDialog, { type DeptDialogTarget } from './components/DeptDialog';

const PERM = 'system:dept';
const EMPTY_QUERY: DeptQuery = { deptName: undefined, status: undefined };
const nameOf = (d: Dept) => d.deptName;

/** 部门管理: the department tree (expanded by default) with inline order editing (catalogue §3.7). */
export default function DeptPage() {
  const { sys_normal_disable: statusOptions } = useDict('sys_normal_disable');
  const [dialog, setDialog] = useState<DeptDialogTarget | null>(null);
  const page = useTreePage({
    key: 'system-dept',
    filters: EMPTY_QUERY,
    fetch: listDept,
    idKey: 'deptId',
    nameOf,
    expandedByDefault: true,
    remove: delDept,
    saveSort: (deptIds, orderNums) => updateDeptSort({ deptIds, orderNums }),
  });

  return (
    <div className="app-container">
      <SearchBar list={page.search.list} initialValues={EMPTY_QUERY}>
        <SearchText label="部门名称" name="deptName" />
        <SearchDict label="状态" name="status" placeholder="部门状态" options={statusOptions} />
      </SearchBar>
      <TreeToolbar perm={PERM} page={page} onAdd={() => setDialog({ mode: 'add' })} />
      <TreeTable
        page={page}
        rowKey="deptId"
        columns={[
          { title: '部门名称', dataIndex: 'deptName', width: 260 },
          orderColumn(page, nameOf, 200),
          { ...dictColumn<Dept>('状态', 'status', statusOptions), width: 100 },
          createTimeColumn<Dept>(),
          treeActionColumn<Dept>({
            perm: PERM,
            onEdit: (d) => setDialog({ mode: 'edit', deptId: d.deptId }),
            onAdd: (d) => setDialog({ mode: 'add', parentId: d.deptId }),
            onDelete: page.remove,
            canDelete: (d) => d.parentId !== 0,
          }),
        ]}
      />
      <DeptDialog
        target={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          page.refresh();
        }}
      />
    </div>
  );
}
