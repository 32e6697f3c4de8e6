import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isPublicPagePath, PUBLIC_ENTRY_HTML } from '@acs/shared';
import { notFoundMessage } from '../core/transport-errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const notFound = (reply: FastifyReply, pathname: string) => reply.status(404).send({ code: 404, msg: notFoundMessage(pathname) });

/**
 * Serves the built web app at `/`: hashed `/assets/*` are cached for a year, everything else
 * (index.html above all) revalidates. Any other GET that asks for HTML outside the API prefix gets
 * index.html, so deep links such as /system/user load the app, except the public pages (/chat …), which get
 * their own light entry (public.html) when the build has it; the API prefix keeps its JSON 404.
 * Skipped when the build is absent (tests, API-only deployments).
 */
export async function registerSpa(app: FastifyInstance): Promise<void> {
  const { webDist, apiPrefix } = app.deps.config;
  const indexFile = path.join(webDist, 'index.html');
  const hasPublicEntry = existsSync(path.join(webDist, PUBLIC_ENTRY_HTML));
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web build not found; serving the API only');
    app.setNotFoundHandler((request, reply) => notFound(reply, request.url.split('?')[0]));
    return;
  }

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // One route per built file: unknown paths fall through to the not-found handler below.
    wildcard: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const rel = path.relative(webDist, filePath).split(path.sep).join('/');
      reply.header('Cache-Control', rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isApi = pathname === apiPrefix || pathname.startsWith(apiPrefix + '/');
    if ((request.method === 'GET' || request.method === 'HEAD') && wantsHtml && !isApi) {
      const entry = hasPublicEntry && isPublicPagePath(pathname) ? PUBLIC_ENTRY_HTML : 'index.html';
      return reply.header('Cache-Control', REVALIDATE).sendFile(entry);
    }
    return notFound(reply, pathname);
  });
}
