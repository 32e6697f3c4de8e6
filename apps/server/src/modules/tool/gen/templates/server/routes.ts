import type { GenTableModel } from '../../model';
import { isNumeric } from '../columns';
import { tsString } from '../escape';
import { importLine, withImports } from '../imports';
import { listColumns, type Names } from '../names';

/** Path parameters for the key: numeric ids through the shared parsers, text keys bounded. */
function keyParams(n: Names): { one: string; many: string } {
  if (isNumeric(n.pk.type.kind)) return { one: 'idParam', many: 'idList' };
  const max = n.pk.type.length ?? 100;
  return {
    one: `z.string().trim().min(1, ${tsString(`${n.pk.label}不能为空`)}).max(${max})`,
    many: `z.string().max(${(max + 1) * 1000}).transform((v) => v.split(',').filter(Boolean)).pipe(z.array(z.string().max(${max})).min(1, ${tsString(`${n.pk.label}不能为空`)}))`,
  };
}

/** routes.ts: the endpoints, each behind its permission, writes with an operation-log entry titled functionName. */
export function renderRoutes(n: Names, model: GenTableModel): string {
  const R = n.route;
  const t = n.title;
  const key = keyParams(n);
  const ids = `${n.pk.field}s`;
  const isTree = model.tplCategory === 'tree';
  const exportArgs = listColumns(n).some((c) => c.dictType) ? 'deps' : '';
  const list = isTree
    ? `  app.get(
    '${R}/list',
    { config: guarded(Perm.LIST), schema: { summary: ${tsString(`查询${t}列表`)}, querystring: ${n.business}ExportQuery } },
    async (request) => okData(await list${n.entity}s(deps, requireSession(request), request.query)),
  );`
    : `  app.get(
    '${R}/list',
    { config: guarded(Perm.LIST), schema: { summary: ${tsString(`查询${t}列表`)}, querystring: ${n.business}ListQuery } },
    async (request) => {
      const page = await list${n.entity}s(deps, requireSession(request), request.query);
      return table(page.rows, page.total);
    },
  );`;
  const body = `const TITLE = ${tsString(t)};
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** ${t} */
export const ${n.business}Routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);

${list}

  app.post(
    '${R}/export',
    { config: guarded(Perm.EXPORT, TITLE, BusinessType.EXPORT), schema: { summary: ${tsString(`导出${t}`)}, body: ${n.business}ExportQuery.optional() } },
    async (request, reply) =>
      sendWorkbook(reply, SHEET, await exportColumns(${exportArgs}), await export${n.entity}s(deps, requireSession(request), request.body ?? {})),
  );

  app.post(
    '${R}/importData',
    {
      config: guarded(Perm.IMPORT, TITLE, BusinessType.IMPORT),
      schema: { summary: ${tsString(`导入${t}`)}, querystring: z.object({ updateSupport: queryBool.optional() }) },
    },
    async (request) => {
      const file = await readFile(request, 'file', { allowed: ['xls', 'xlsx'], maxBytes: IMPORT_MAX_BYTES });
      return okMsg(await import${n.entity}s(deps, requireSession(request), file.data, request.query.updateSupport ?? false));
    },
  );

  app.post('${R}/importTemplate', { config: guarded(Perm.IMPORT), schema: { summary: ${tsString(`下载${t}导入模板`)} } }, async (_request, reply) =>
    sendWorkbook(reply, SHEET, TEMPLATE_COLUMNS, []),
  );

  app.get(
    '${R}/:${n.pk.field}',
    { config: guarded(Perm.QUERY), schema: { summary: ${tsString(`获取${t}详情`)}, params: z.object({ ${n.pk.field}: ${key.one} }) } },
    async (request) => okData(await get${n.entity}(deps, requireSession(request), request.params.${n.pk.field})),
  );

  app.post(
    '${R}',
    { config: guarded(Perm.ADD, TITLE, BusinessType.INSERT), schema: { summary: ${tsString(`新增${t}`)}, body: ${n.business}Body } },
    async (request) => toAjax(await add${n.entity}(deps, requireSession(request), request.body)),
  );

  app.put(
    '${R}',
    { config: guarded(Perm.EDIT, TITLE, BusinessType.UPDATE), schema: { summary: ${tsString(`修改${t}`)}, body: ${n.business}Body } },
    async (request) => toAjax(await edit${n.entity}(deps, requireSession(request), request.body)),
  );

  app.delete(
    '${R}/:${ids}',
    { config: guarded(Perm.REMOVE, TITLE, BusinessType.DELETE), schema: { summary: ${tsString(`删除${t}`)}, params: z.object({ ${ids}: ${key.many} }) } },
    async (request) => toAjax(await remove${n.entity}s(deps, requireSession(request), request.params.${ids})),
  );
};
`;
  return withImports(
    [
      `import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';`,
      `import { z } from 'zod';`,
      `import { BusinessType } from '@acs/shared';`,
      `import { requireSession } from '../../../core/auth';`,
      importLine(body, ['okData', 'okMsg', 'table', 'toAjax'], '../../../core/envelope'),
      importLine(body, ['acceptFormBodies', 'idList', 'idParam', 'queryBool', 'sendWorkbook'], '../../../core/list'),
      `import { guarded } from '../../../core/route-config';`,
      `import { readFile } from '../../common/upload';`,
      importLine(body, [`${n.business}Body`, `${n.business}ExportQuery`, `${n.business}ListQuery`], './schema'),
      importLine(
        body,
        [`add${n.entity}`, `edit${n.entity}`, `export${n.entity}s`, 'exportColumns', `get${n.entity}`, `import${n.entity}s`, `list${n.entity}s`, 'Perm', `remove${n.entity}s`, 'SHEET', 'TEMPLATE_COLUMNS'],
        './service',
      ),
    ],
    body,
  );
}
