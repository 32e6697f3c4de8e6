import { isAudit, isNumeric } from '../columns';
import { tsString } from '../escape';
import { importLine, withImports } from '../imports';
import { dictTypes, type Column, type Names } from '../names';
import { dictRef } from './fields';

function item(c: Column): string {
  const value = c.dictType
    ? `<DictTag options={${dictRef(c)}} value={${c.type.kind === 'text' || isNumeric(c.type.kind) ? `row.${c.field}` : `String(row.${c.field})`}} />`
    : c.type.kind === 'bool'
      ? `{row.${c.field} ? '是' : '否'}`
      : c.type.kind === 'json'
        ? `{JSON.stringify(row.${c.field})}`
        : `{row.${c.field}}`;
  return `          <Descriptions.Item label={${tsString(c.label)}}>${value}</Descriptions.Item>`;
}

/** pages/<m>/<b>/components/Detail.tsx (生成详情页): every field of one row, read only. */
export function renderDetail(n: Names): string {
  const cols = n.columns.filter((c) => !isAudit(c) && c.htmlType !== 'editor' && c.htmlType !== 'imageUpload' && c.htmlType !== 'fileUpload');
  const types = dictTypes(cols);
  const body = `/** ${n.title}详情 */
export default function ${n.Business}Detail({ row, onClose }: { row?: ${n.entity}; onClose: () => void }) {
${types.length ? `  const dicts = useDict(${types.map(tsString).join(', ')});\n` : ''}  return (
    <Modal open={Boolean(row)} ${`title={${tsString(`${n.title}详情`)}}`} width={700} footer={null} onCancel={onClose}>
      {row && (
        <Descriptions column={2} bordered size="small">
${cols.map(item).join('\n')}
        </Descriptions>
      )}
    </Modal>
  );
}
`;
  return withImports(
    [
      `import { Descriptions, Modal } from 'antd';`,
      importLine(body, [n.entity], `../../../../api/${n.module}/${n.business}`, [n.entity]),
      importLine(body, ['DictTag'], '../../../../components/DictTag').replace('{ DictTag }', 'DictTag'),
      importLine(body, ['useDict'], '../../../../hooks/useDict'),
    ],
    body,
  );
}
