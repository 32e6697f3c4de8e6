import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code } from '@acs/shared';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { KvStore } from './infra/kv';
import type { PubSub } from './infra/pubsub';
import { ServiceError } from './core/errors';
import { toWireJson } from './core/time';
import './core/access';
import './core/zod-locale';
import { apiModules } from './modules';
import { registerSwagger } from './infra/swagger';
import { registerSpa } from './infra/spa';
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
  }
}

export type App = FastifyInstance;

/** First human-readable message of a validation failure, as the contract's `{code:500,msg}`. */
function validationMessage(err: { validation?: unknown; message: string }): string {
  const v = err.validation;
  if (Array.isArray(v) && v.length > 0) {
    const first = v[0] as { message?: string };
    if (first.message) return first.message;
  }
  return err.message;
}

export async function buildApp(deps: AppDeps, opts: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: deps.config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 20 * 1024 * 1024,
    ...opts,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', deps);
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

  app.setErrorHandler((err, request, reply) => {
    if (err instanceof ServiceError) {
      return reply.status(200).send({ code: err.code, msg: err.message });
    }
    const e = err as { validation?: unknown; statusCode?: number; message: string };
    if (e.validation) {
      return reply.status(200).send({ code: Code.ERROR, msg: validationMessage(e) });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.status(200).send({ code: Code.ERROR, msg: e.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(200).send({ code: Code.ERROR, msg: '系统内部错误，请联系管理员' });
  });

  registerOperLog(app);
  registerXssFilter(app);
  await registerMultipart(app);

  await app.register(
    async (api) => {
      for (const mod of apiModules) await api.register(mod);
      api.setNotFoundHandler((request, reply) => {
        reply.status(200).send({ code: Code.ERROR, msg: `No static resource ${request.url.split('?')[0]}.` });
      });
    },
    { prefix },
  );
  await registerSpa(app);

  return app;
}
