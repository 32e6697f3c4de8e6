import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_TITLE, TOKEN_COOKIE } from '@acs/shared';
import type { Access } from '../core/access';
import { XLSX_MIME } from '../core/list';
import { authPlugin } from '../core/auth';
import { SERVER_ROOT } from '../paths';
import { moduleTag } from './swagger-tags';

const packageJson = path.join(SERVER_ROOT, 'package.json');
const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;

const SECURITY_SCHEME = 'bearerAuth';

/** The permission of the 系统接口 menu, required for the document when SWAGGER_ACCESS=permission. */
export const SWAGGER_PERMISSION = 'tool:swagger:list';

/**
 * Loaded by the Swagger UI page after its initializer, before the page's load event starts the UI.
 * The UI runs in the console's frame on the console's origin, so it reads the signed-in user's token
 * from the same cookie the console uses and sends it as the bearer header: on the document request and
 * on "Try it out". The token never travels in a URL and is only sent to this origin; a token the user
 * typed into "Authorize" wins.
 */
const AUTHORIZE_SCRIPT = `window.acsAuthorize = function (request) {
  var url = new URL(request.url, window.location.href);
  if (url.origin !== window.location.origin || request.headers.Authorization) return request;
  var match = document.cookie.match(new RegExp('(?:^|; )' + ${JSON.stringify(TOKEN_COOKIE)} + '=([^;]*)'));
  if (match) request.headers.Authorization = 'Bearer ' + decodeURIComponent(match[1]);
  return request;
};
`;

/** Every JSON answer is one of RuoYi's envelopes: {code,msg}, plus data, or rows and total for tables. */
const ENVELOPE = {
  type: 'object',
  required: ['code', 'msg'],
  properties: {
    code: { type: 'integer', description: '200 成功；401 未登录；403 无权限；500 业务错误' },
    msg: { type: 'string' },
    data: { description: '单个结果（{code,msg,data}）' },
    rows: { type: 'array', items: {}, description: '表格行（{code,msg,rows,total}）' },
    total: { type: 'integer', description: '表格总行数' },
  },
};

/**
 * The documented answer of a route that declares no response schema: exports and import templates
 * send a workbook, downloads a file, the rest a RuoYi envelope (whose `code`, not the HTTP status,
 * carries the outcome).
 */
function defaultResponse(relativePath: string): Record<string, unknown> {
  const file = (mime: string, description: string) => ({ 200: { description, content: { [mime]: { schema: { type: 'string', format: 'binary' } } } } });
  if (/\/(export|importTemplate)$/.test(relativePath)) return file(XLSX_MIME, 'Excel 文件；失败时为 JSON 信封');
  if (/^(common\/download|profile\/)/.test(relativePath)) return file('application/octet-stream', '文件内容');
  if (/^tool\/gen\/(download\/|batchGenCode$)/.test(relativePath)) return file('application/octet-stream', 'zip 压缩包；失败时为 JSON 信封');
  return { 200: { description: 'RuoYi 信封', ...ENVELOPE } };
}

type RequestInterceptor = NonNullable<NonNullable<FastifySwaggerUiOptions['uiConfig']>['requestInterceptor']>;

/** Serialised into the page by its source text, so it may only use the page's globals. */
const requestInterceptor: RequestInterceptor = (request) =>
  (globalThis as unknown as { acsAuthorize: RequestInterceptor }).acsAuthorize(request);

/**
 * OpenAPI document generated from the routes' zod schemas, at `<prefix>/v3/api-docs` (and the UI's own
 * `<prefix>/swagger-ui/json|yaml`), and Swagger UI at `<prefix>/swagger-ui/`. Must run before any API
 * route is added (the document is collected from onRoute) and before the start-up access check (the UI
 * plugin's own routes cannot carry config, so their access is declared here).
 *
 * With SWAGGER_ACCESS=permission the document needs a session holding tool:swagger:list, while the UI's
 * page and static files stay anonymous: they hold nothing but Swagger UI itself, and a frame's document
 * request cannot carry the bearer header (the token is a cookie-less bearer token), so the page would
 * never load. The page then fetches the document with the token (AUTHORIZE_SCRIPT). These routes live
 * outside the API scope, so they get the auth hook of their own scope.
 */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  const prefix = app.deps.config.apiPrefix;
  const uiPrefix = `${prefix}/swagger-ui`;
  const documentUrls = new Set([`${prefix}/v3/api-docs`, `${uiPrefix}/json`, `${uiPrefix}/yaml`]);
  const documentAccess: Access = app.deps.config.swaggerAccess === 'permission' ? { permission: SWAGGER_PERMISSION } : 'anonymous';

  app.addHook('onRoute', (route) => {
    if (documentUrls.has(route.url)) route.config = { ...route.config, access: documentAccess };
    else if (route.url === uiPrefix || route.url.startsWith(uiPrefix + '/')) route.config = { ...route.config, access: 'anonymous' };
  });

  // Unrepresentable zod types (dates, transforms) become an open schema instead of failing the document.
  const zodTransform = createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } });
  const transform: SwaggerTransform = (arg) => {
    const { url, route } = arg;
    if (!url.startsWith(prefix + '/')) return { schema: { hide: true }, url };
    const out = zodTransform(arg as Parameters<typeof zodTransform>[0]) as { schema: Record<string, unknown>; url: string };
    const relative = url.slice(prefix.length + 1);
    const tag = moduleTag(relative) ?? relative.split('/')[0];
    const anonymous = route.config?.access === 'anonymous';
    const { response, ...schema } = out.schema;
    return {
      url: out.url,
      schema: { tags: [tag], ...(anonymous ? { security: [] } : {}), ...schema, response: response ?? defaultResponse(relative) },
    };
  };

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: `${PRODUCT_TITLE} 接口文档`, description: '管理后台接口（RuoYi 兼容）', version },
      components: { securitySchemes: { [SECURITY_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ [SECURITY_SCHEME]: [] }],
    },
    transform,
  });

  await app.register(async (scope) => {
    await scope.register(authPlugin);
    await scope.register(swaggerUi, {
      routePrefix: uiPrefix,
      theme: { title: `${PRODUCT_TITLE} 接口文档`, js: [{ filename: 'authorize.js', content: AUTHORIZE_SCRIPT }] },
      uiConfig: {
        requestInterceptor,
        // The console's frame shows one server's document: no topbar to explore other URLs.
        layout: 'BaseLayout',
        docExpansion: 'none',
        filter: true,
      },
    });
    scope.get(`${prefix}/v3/api-docs`, { schema: { hide: true } }, async () => app.swagger());
  });
}
