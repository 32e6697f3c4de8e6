import type { GenTableModel } from '../../model';
import { isAudit, isNumeric } from '../columns';
import { commentText } from '../escape';
import { formColumns, type Column, type Names } from '../names';
import { childListField, childNames } from '../sub';

export function tsType(c: Column): string {
  if (isNumeric(c.type.kind)) return 'number';
  if (c.type.kind === 'bool') return 'boolean';
  if (c.type.kind === 'json') return 'unknown';
  return 'string';
}

/** The wire shape of a row: fields the dialog must send are required, the rest optional. */
export function interfaceOf(n: Names, extra = ''): string {
  const form = formColumns(n);
  const lines = n.columns.map((c) => {
    const sent = form.includes(c) && c.isRequired && !isAudit(c);
    const type = `${tsType(c)}${c.isRequired || c.isPk ? '' : ' | null'}`;
    const doc = commentText(c.columnComment);
    return `${doc ? `  /** ${doc} */\n` : ''}  ${c.field}${sent ? '' : '?'}: ${type};`;
  });
  return `/** ${n.title} (${n.model.tableName}). */
export interface ${n.entity} {
${lines.join('\n')}${extra}
}`;
}

/** api/<m>/<b>.ts: the client calls, named like the RuoYi ones (list<B>, get<B>, add<B>, update<B>, del<B>). */
export function renderApi(n: Names, model: GenTableModel): string {
  const R = n.route;
  const B = n.Business;
  const child = childNames(model);
  const ids = `${n.pk.field}s`;
  const list =
    model.tplCategory === 'tree'
      ? `export function list${B}(query: object) {
  return http.get<AjaxResult<${n.entity}[]>>('${R}/list', query);
}`
      : `export function list${B}(query: object) {
  return http.get<TableResult<${n.entity}>>('${R}/list', query);
}`;
  const childInterface = child ? `${interfaceOf(child.names)}\n\n` : '';
  const childField = child ? `\n  ${childListField(child.names)}?: ${child.names.entity}[];` : '';
  return `import type { AjaxResult${model.tplCategory === 'tree' ? '' : ', TableResult'} } from '../../types/api';
import { uploadImportSheet } from '../../utils/importSheet';
import { http } from '../../utils/request';

${childInterface}${interfaceOf(n, childField)}

${list}

export function get${B}(${n.pk.field}: number) {
  return http.get<AjaxResult<${n.entity}>>(\`${R}/\${${n.pk.field}}\`);
}

export function add${B}(data: ${n.entity}) {
  return http.post<AjaxResult>('${R}', data);
}

export function update${B}(data: ${n.entity}) {
  return http.put<AjaxResult>('${R}', data);
}

export function del${B}(${ids}: number | number[]) {
  return http.delete<AjaxResult>(\`${R}/\${[${ids}].flat().join(',')}\`);
}

/** Uploads an import sheet; resolves to the server's answer with its per-row report, refused or not. */
export const import${B} = (file: File, updateSupport: boolean): Promise<AjaxResult> => uploadImportSheet('${R}/importData', file, updateSupport);
`;
}
