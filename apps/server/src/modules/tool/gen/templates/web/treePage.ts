import type { GenTableModel } from '../../model';
import { isAudit } from '../columns';
import { tsString } from '../escape';
import { filtersOf } from '../filters';
import { withImports } from '../imports';
import { formColumns, listColumns, type Column, type Names } from '../names';
import { attr, fieldHelpers, searchField } from './fields';
import { defaultsOf, dialogFields, dictsLine, filtersConst, importDialog, pageImports, tableColumn, withHelpers } from './page';

/** pages/<m>/<b>/index.tsx of the tree template: the whole tree, 展开/折叠, a parent picker, 新增 under a row. */
export function renderTreePage(n: Names, model: GenTableModel): string {
  const B = n.Business;
  const tree = model.tree;
  const parent = tree && n.has(tree.parentColumn);
  const name = (tree && n.has(tree.nameColumn)) ?? n.pk;
  // renderTable has checked the tree settings.
  if (!parent) throw new Error('tree page without a parent column');
  const form = formColumns(n).filter((c) => !isAudit(c) && c !== parent);
  const list = listColumns(n);
  const filters = filtersOf(n);
  const allCols: Column[] = [...form, ...list, ...filters.map((f) => f.column)];
  const id = `row.${n.pk.field}!`;
  const body = `const PERM = '${n.perm}';
${filtersConst(n)}

/** ${n.title} */
export default function ${B}Page() {
${dictsLine(allCols)}  const [importing, setImporting] = useState(false);
  const search = useTreeSearch(FILTERS);
  const query = useQuery({ queryKey: ['${n.module}/${n.business}', search.applied], queryFn: () => list${B}(search.applied) });
  const rows = useMemo(() => query.data?.data ?? [], [query.data]);
  const tree = useMemo(() => handleTree(rows, '${n.pk.field}', '${parent.field}'), [rows]);
  const branches = useMemo(() => rows.filter((r) => rows.some((c) => c.${parent.field} === r.${n.pk.field})).map((r) => r.${n.pk.field}!), [rows]);
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const refresh = () => void query.refetch();
  const dialog = useFormDialog<${n.entity}>({
    entity: ${tsString(n.title)},
    defaults: ${defaultsOf(form, [`${parent.field}: 0`])},
    api: { get: get${B}, add: add${B}, update: update${B} },
    onSaved: refresh,
  });
  const remove = (row: ${n.entity}) => void deleteRows(${tsString(n.title)}, [${id}], del${B}, refresh);
  const parents = [{ ${n.pk.field}: 0, ${name.field}: '顶级节点', children: tree }];

  return (
    <div className="app-container">
      <SearchBar list={search.list} initialValues={FILTERS}>
        ${filters.map(searchField).join('\n        ')}
      </SearchBar>
      <ToolbarRow list={{ showSearch: search.showSearch, setShowSearch: search.setShowSearch, refresh }}>
        <HasPermi value={[\`\${PERM}:add\`]}>
          <Button color="primary" variant="outlined" icon={<PlusOutlined />} onClick={() => dialog.openAdd()}>
            新增
          </Button>
        </HasPermi>
        <Button icon={<ColumnHeightOutlined />} onClick={() => setExpanded(expanded?.length ? [] : branches)}>
          展开/折叠
        </Button>
        <HasPermi value={[\`\${PERM}:import\`]}>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>
        </HasPermi>
      </ToolbarRow>
      <Table<${n.entity}>
        rowKey="${n.pk.field}"
        size="middle"
        loading={query.isFetching}
        dataSource={tree}
        pagination={false}
        expandable={{ expandedRowKeys: expanded ?? branches, onExpandedRowsChange: setExpanded }}
        scroll={{ x: 'max-content' }}
        columns={[
${list.map((c) => `          ${tableColumn(n, c)}`).join('\n')}
          treeActionColumn<${n.entity}>({
            perm: PERM,
            onEdit: (row) => dialog.openEdit(${id}),
            onAdd: (row) => dialog.openAdd({ ${parent.field}: ${id} }),
            onDelete: remove,
          }),
        ]}
      />
      <FormDialog {...dialog.dialogProps}>
        <TreeSelectField ${attr('label', parent.label)} name="${parent.field}" treeData={parents} labelKey="${name.field}" valueKey="${n.pk.field}" ${attr('required', `${parent.label}不能为空`)} />
${dialogFields(n, form)}
      </FormDialog>
      ${importDialog(n, 'refresh')}
    </div>
  );
}
`;
  const full = withHelpers(body, fieldHelpers(body), n);
  return withImports(
    pageImports(full, [`add${B}`, `del${B}`, `get${B}`, `import${B}`, `list${B}`, `update${B}`], `../../../api/${n.module}/${n.business}`, [n.entity]),
    full,
  );
}
