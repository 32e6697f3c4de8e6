import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_TITLE } from '@acs/shared';
import { SERVER_ROOT } from '../paths';

const packageJson = path.join(SERVER_ROOT, 'package.json');
const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;

const SECURITY_SCHEME = 'bearerAuth';

/**
 * OpenAPI document generated from the routes' zod schemas, at `<prefix>/v3/api-docs`, and Swagger UI
 * at `<prefix>/swagger-ui/`. Both are anonymous as upstream; must run before any API route is added
 * (the document is collected from onRoute) and before the start-up access check (the UI plugin's own
 * routes cannot carry config, so they are declared anonymous here).
 */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  const prefix = app.deps.config.apiPrefix;
  const uiPrefix = `${prefix}/swagger-ui`;

  app.addHook('onRoute', (route) => {
    if (route.url === uiPrefix || route.url.startsWith(uiPrefix + '/')) {
      route.config = { ...route.config, access: 'anonymous' };
    }
  });

  // Unrepresentable zod types (dates, transforms) become an open schema instead of failing the document.
  const zodTransform = createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } });
  const transform: SwaggerTransform = (arg) => {
    const { url, route } = arg;
    if (!url.startsWith(prefix + '/')) return { schema: { hide: true }, url };
    const out = zodTransform(arg as Parameters<typeof zodTransform>[0]) as { schema: Record<string, unknown>; url: string };
    const tag = url.slice(prefix.length + 1).split('/')[0];
    const anonymous = route.config?.access === 'anonymous';
    return {
      url: out.url,
      schema: { tags: [tag], ...(anonymous ? { security: [] } : {}), ...out.schema },
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
  await app.register(swaggerUi, { routePrefix: uiPrefix });

  app.get(
    `${prefix}/v3/api-docs`,
    { config: { access: 'anonymous' }, schema: { hide: true } },
    async () => app.swagger(),
  );
}
