import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { KvStore } from './infra/kv';
import type { PubSub } from './infra/pubsub';
import { BackgroundTasks } from './core/background-tasks';
import { DEFAULT_BODY_LIMIT, limitAnonymousBodies } from './core/body-limits';
import { fail } from './core/envelope';
import { frameworkErrors, registerErrorHandler } from './core/error-handler';
import { registerInputGuards } from './core/input-guards';
import { registerJsonParser } from './core/json-body';
import { apiNotFoundMessage } from './core/transport-errors';
import { toWireJson } from './core/time';
import './core/access';
import './core/zod-locale';
import { apiModules } from './modules';
import { registerSwagger } from './infra/swagger';
import { registerSpa } from './infra/spa';
import { loggerOptions } from './infra/logger';
import { registerOperLog } from './core/operlog';
import { registerXssFilter } from './core/xss';
import { registerMultipart } from './modules/common/upload';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  kv: KvStore;
  /** Live events (chat streams, the staff's conversation list). */
  pubsub: PubSub;
  /** Clock for everything time-based, injectable for tests. */
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Work still running after its response was sent; shutdown waits for it. */
    backgroundTasks: BackgroundTasks;
  }
}

export type App = FastifyInstance;

/**
 * TRUST_PROXY means one proxy stands in front (deploy/nginx.conf). `true` would make request.ip the
 * leftmost X-Forwarded-For entry, which the client writes, and a hop count trusts nothing at all in
 * Fastify 5; trusting the peer alone yields the entry that proxy added, the one resolveClientIp reads.
 */
const trustNearestProxy = (_address: string, hop: number) => hop === 0;

export async function buildApp(deps: AppDeps, opts: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(deps.config.logLevel),
    trustProxy: deps.config.trustProxy ? trustNearestProxy : false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    frameworkErrors,
    ...opts,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', deps);
  app.decorate('backgroundTasks', new BackgroundTasks());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setReplySerializer((payload) => toWireJson(payload));

  await registerSwagger(app);

  // Every API route must say who may call it; a forgotten declaration fails at start-up, not in production.
  const prefix = deps.config.apiPrefix;
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix + '/') || route.method === 'HEAD') return;
    if (route.config?.access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
  });

  registerErrorHandler(app);
  registerJsonParser(app);
  limitAnonymousBodies(app);

  registerOperLog(app);
  registerInputGuards(app);
  registerXssFilter(app);
  await registerMultipart(app);

  await app.register(
    async (api) => {
      for (const mod of apiModules) await api.register(mod);
      api.setNotFoundHandler((request, reply) => {
        reply.status(200).send(fail(apiNotFoundMessage(request.url.split('?')[0])));
      });
    },
    { prefix },
  );
  await registerSpa(app);

  return app;
}
