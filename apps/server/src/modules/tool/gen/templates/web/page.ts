import type { GenTableModel } from '../../model';
import { isAudit } from '../columns';
import { tsLiteral, tsString } from '../escape';
import { filtersOf } from '../filters';
import { importLine, withImports } from '../imports';
import { dictTypes, formColumns, listColumns, type Column, type Names } from '../names';
import { childListField, childNames, type Child } from '../sub';
import { attr, dictRef, fieldHelpers, formItem, jsxText, searchField } from './fields';
import { tsType } from './api';

/** A column of the list table. */
export function tableColumn(n: Names, c: Column): string {
  const label = tsString(c.label);
  if (c.dictType) return `dictColumn(${label}, '${c.field}', ${dictRef(c)}),`;
  if (c.type.kind === 'bool') return `{ ...textColumn<${n.entity}>(${label}, '${c.field}'), render: (v: boolean) => (v ? '是' : '否') },`;
  if (c.columnName === 'create_time') return 'createTimeColumn(),';
  return `textColumn(${label}, '${c.field}'${c.htmlType === 'textarea' || c.htmlType === 'editor' ? ', true' : ''}),`;
}

/** Dialog fields laid out in formColNum columns. */
export function dialogFields(n: Names, cols: Column[]): string {
  const per = Math.min(Math.max(n.model.formColNum, 1), 3);
  if (per === 1) return cols.map((c) => `        ${formItem(c, 8)}`).join('\n');
  return `        <Row gutter={16}>
${cols.map((c) => `          <Col xs={24} sm={${24 / per}}>\n            ${formItem(c, 12)}\n          </Col>`).join('\n')}
        </Row>`;
}

/** The child rows inside the dialog: one line of inputs per row, 添加 / 删除 per row. */
function childRows(child: Child): string {
  const c = child.names;
  const cols = formColumns(c).filter((col) => col !== child.fk);
  const items = cols.map((col) => formItem(col, 18, `[field.name, '${col.field}']`, false));
  return `
        <Form.List name="${childListField(c)}">
          {(fields, rows) => (
            <>
              <Divider>${jsxText(c.title)}</Divider>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  ${items.join('\n                  ')}
                  <Button type="link" danger icon={<DeleteOutlined />} onClick={() => rows.remove(field.name)}>
                    删除
                  </Button>
                </Space>
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => rows.add(${defaultsOf(cols)})}>
                ${jsxText(`添加${c.title}`)}
              </Button>
            </>
          )}
        </Form.List>`;
}

/** Initial value of a field in a new record: the column's default, else false for a boolean (a switch has no empty state). */
function initialEntry(c: Column): string | undefined {
  if (c.initial !== undefined) return `${c.field}: ${tsLiteral(c.initial)}`;
  return c.type.kind === 'bool' ? `${c.field}: false` : undefined;
}

/** Initial values of a new record; without a column default the first dictionary value is not guessed. */
export function defaultsOf(cols: Column[], extra: string[] = []): string {
  const entries = [...extra, ...cols.map(initialEntry).filter((e) => e !== undefined)];
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

/** The imports of a page, by what its body uses. */
export function pageImports(body: string, apiNames: string[], apiPath: string, entityTypes: string[]): string[] {
  return [
    importLine(body, ['useMemo', 'useState'], 'react'),
    importLine(body, ['Button', 'Checkbox', 'Col', 'DatePicker', 'Divider', 'Form', 'Input', 'InputNumber', 'Radio', 'Row', 'Select', 'Space', 'Switch', 'Table', 'TableColumnsType'], 'antd', ['TableColumnsType']),
    importLine(body, ['ColumnHeightOutlined', 'DeleteOutlined', 'PlusOutlined', 'UploadOutlined'], '@ant-design/icons'),
    importLine(body, ['useQuery'], '@tanstack/react-query'),
    importLine(body, ['dayjs'], 'dayjs').replace('{ dayjs }', 'dayjs'),
    importLine(body, ['Dayjs'], 'dayjs', ['Dayjs']).replace('import { type Dayjs }', 'import type { Dayjs }'),
    importLine(body, [...apiNames, ...entityTypes], apiPath, entityTypes),
    importLine(body, ['Editor'], '../../../components/Editor').replace('{ Editor }', 'Editor'),
    importLine(body, ['ExcelImportDialog'], '../../../components/ExcelImportDialog').replace('{ ExcelImportDialog }', 'ExcelImportDialog'),
    importLine(body, ['FileUpload'], '../../../components/FileUpload').replace('{ FileUpload }', 'FileUpload'),
    importLine(body, ['HasPermi'], '../../../components/HasPermi'),
    importLine(body, ['ImageUpload'], '../../../components/ImageUpload').replace('{ ImageUpload }', 'ImageUpload'),
    importLine(
      body,
      ['actionColumn', 'createTimeColumn', 'deleteRows', 'dictChoices', 'dictColumn', 'FormDialog', 'ListTable', 'ListToolbar', 'SearchBar', 'SearchDict', 'SearchText', 'textColumn', 'ToolbarRow', 'treeActionColumn', 'TreeSelectField', 'useCrudPage', 'useFormDialog'],
      '../../../components/ListPage',
    ),
    importLine(body, ['useDict'], '../../../hooks/useDict'),
    importLine(body, ['useTreeSearch'], '../../../hooks/useTreeTable'),
    importLine(body, ['handleTree'], '../../../utils/ruoyi'),
  ];
}

export const dictsLine = (cols: Column[]) => {
  const types = dictTypes(cols);
  return types.length ? `  const dicts = useDict(${types.map(tsString).join(', ')});\n` : '';
};

export function filtersConst(n: Names): string {
  const fields = filtersOf(n).filter((f) => !f.range);
  const type = fields.map((f) => `${f.column.field}?: ${tsType(f.column)}`).join('; ');
  return `const FILTERS: { ${type} } = {};`;
}

export function importDialog(n: Names, refresh: string): string {
  return `{importing && (
        <ExcelImportDialog
          ${attr('title', `${n.title}导入`)}
          ${attr('updateLabel', `是否更新已经存在的${n.title}数据`)}
          note="仅允许导入xls、xlsx格式文件。"
          templateUrl="${n.route}/importTemplate"
          templateName="${n.business}_template"
          upload={import${n.Business}}
          onClose={() => setImporting(false)}
          onImported={${refresh}}
        />
      )}`;
}

/** The page's helpers go between its constants and the component. */
export function withHelpers(body: string, helpers: string, n: Names): string {
  const marker = `\n/** ${n.title} */`;
  return helpers ? body.replace(marker, () => `\n${helpers}\n${marker}`) : body;
}

/** pages/<m>/<b>/index.tsx of the crud and sub templates. */
export function renderCrudPage(n: Names, model: GenTableModel): string {
  const B = n.Business;
  const child = childNames(model);
  const form = formColumns(n).filter((c) => !isAudit(c));
  const list = listColumns(n);
  const filters = filtersOf(n);
  const childCols = child ? formColumns(child.names).filter((c) => c !== child.fk) : [];
  const allCols = [...form, ...list, ...filters.map((f) => f.column), ...childCols];
  const width = child ? 900 : [500, 500, 800, 1000][Math.min(Math.max(model.formColNum, 1), 3)];
  const detail = model.genView ? `, (row) => <Button type="link" size="small" onClick={() => setViewing(row)}>详情</Button>` : '';
  const body = `const PERM = '${n.perm}';
${filtersConst(n)}

/** ${n.title} */
export default function ${B}Page() {
${dictsLine(allCols)}  const [importing, setImporting] = useState(false);
${model.genView ? `  const [viewing, setViewing] = useState<${n.entity}>();\n` : ''}  const { list, dialog, remove } = useCrudPage({
    key: '${n.module}/${n.business}',
    fetch: list${B},
    filters: FILTERS,
    entity: ${tsString(n.title)},
    defaults: ${defaultsOf(form)},
    api: { get: get${B}, add: add${B}, update: update${B}, remove: del${B} },
  });

  const columns: TableColumnsType<${n.entity}> = [
${list.map((c) => `    ${tableColumn(n, c)}`).join('\n')}
    actionColumn(PERM, (row) => row.${n.pk.field}!, dialog.openEdit, remove${detail}),
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS}>
        ${filters.map(searchField).join('\n        ')}
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd()}
        onEdit={dialog.openEdit}
        onDelete={remove}
        onImport={() => setImporting(true)}
        exportUrl="${n.route}/export"
        exportName="${n.business}"
      />
      <ListTable list={list} rowKey="${n.pk.field}" columns={columns} />
      <FormDialog {...dialog.dialogProps} width={${width}}>
${dialogFields(n, form)}${child ? childRows(child) : ''}
      </FormDialog>
      ${importDialog(n, 'list.refresh')}${model.genView ? `\n      <${B}Detail row={viewing} onClose={() => setViewing(undefined)} />` : ''}
    </div>
  );
}
`;
  const helpers = fieldHelpers(body);
  const full = withHelpers(body, helpers, n);
  const imports = pageImports(full, [`add${B}`, `del${B}`, `get${B}`, `import${B}`, `list${B}`, `update${B}`], `../../../api/${n.module}/${n.business}`, [n.entity]);
  if (model.genView) imports.push(`import ${B}Detail from './components/Detail';`);
  return withImports(imports, full);
}
