import { genFilePath } from '@acs/shared';
import { ServiceError } from '../../../../core/errors';
import type { GenTableModel } from '../model';
import { namesOf, type Names } from './names';
import { renderApiTest } from './server/apiTest';
import { renderRepository } from './server/repository';
import { renderRoutes } from './server/routes';
import { renderSchema } from './server/schema';
import { renderService } from './server/service';
import { renderTableFile } from './server/table';
import { renderMigration } from './sql';
import { childNames } from './sub';
import { renderApi } from './web/api';
import { renderDetail } from './web/detail';
import { renderCrudPage } from './web/page';
import { renderTreePage } from './web/treePage';

/** One generated file: the preview key (RuoYi's `vm/...` shape), its repository-relative path and its text. */
export interface GeneratedFile {
  key: string;
  path: string;
  text: string;
}

interface Template {
  key: string;
  render: (n: Names, model: GenTableModel) => string;
  when?: (model: GenTableModel) => boolean;
}

const TEMPLATES: Template[] = [
  {
    key: 'vm/server/table.ts.vm',
    render: (n, model) => {
      const child = childNames(model);
      return renderTableFile(child ? [n, child.names] : [n]);
    },
  },
  { key: 'vm/server/schema.ts.vm', render: renderSchema },
  { key: 'vm/server/repository.ts.vm', render: renderRepository },
  { key: 'vm/server/service.ts.vm', render: renderService },
  { key: 'vm/server/routes.ts.vm', render: renderRoutes },
  { key: 'vm/server/api.test.ts.vm', render: renderApiTest },
  { key: 'vm/sql/sql.vm', render: renderMigration },
  { key: 'vm/web/api.ts.vm', render: renderApi },
  {
    key: 'vm/web/index.tsx.vm',
    render: (n, model) => (model.tplCategory === 'tree' ? renderTreePage(n, model) : renderCrudPage(n, model)),
  },
  {
    key: 'vm/web/view.tsx.vm',
    render: (n) => renderDetail(n),
    when: (model) => model.genView,
  },
];

/** The tree and sub templates need their settings (RuoYi's genTable validation wording). */
function checkOptions(n: Names, model: GenTableModel): void {
  if (model.tplCategory === 'tree') {
    if (!model.tree?.codeColumn || !n.has(model.tree.codeColumn)) throw new ServiceError('树编码字段不能为空');
    if (!model.tree.parentColumn || !n.has(model.tree.parentColumn)) throw new ServiceError('树父编码字段不能为空');
    if (!model.tree.nameColumn || !n.has(model.tree.nameColumn)) throw new ServiceError('树名称字段不能为空');
  }
  if (model.tplCategory === 'sub') {
    if (!model.sub?.table) throw new ServiceError('关联子表的表名不能为空');
    if (!model.sub.fkColumn) throw new ServiceError('子表关联的外键名不能为空');
  }
}

/**
 * Every file of one table's generated code (contract: templates), pure and deterministic: the same
 * model always gives the same text, with no dates or authorship stamps.
 */
export function renderTable(model: GenTableModel): GeneratedFile[] {
  const n = namesOf(model);
  checkOptions(n, model);
  return TEMPLATES.filter((t) => t.when?.(model) ?? true).map((t) => ({ key: t.key, path: genFilePath(t.key, n.module, n.business), text: t.render(n, model) }));
}
