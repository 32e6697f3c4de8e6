import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadStorage } from '../../infra/storage';
import { boundedText } from '../../core/rules';
import { CONTENT_TYPES, extensionOf, FILE_PATH_MAX } from './file-types';

/** Stored names carry a timestamp or uuid, so a served file never changes under its URL. */
const CACHE_SECONDS = 7 * 24 * 3600;

/**
 * Uploaded files under `<apiPrefix>/profile/**`, anonymous like upstream's resource handler
 * (image tags cannot send the bearer header). Only allow-listed types, each with its fixed type.
 */
export const profileFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = uploadStorage(app.deps.config);

  app.get(
    '/profile/*',
    { config: { access: 'anonymous' }, schema: { summary: '访问上传的文件', params: z.object({ '*': boundedText('文件路径', FILE_PATH_MAX) }), hide: true } },
    async (request, reply) => {
    const key = request.params['*'];
    const type = CONTENT_TYPES[extensionOf(key)];
    const opened = type ? await storage.open(key) : null;
    if (!opened) return reply.callNotFound();
    return reply
      .header('Content-Type', type)
      .header('Content-Length', opened.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', `public, max-age=${CACHE_SECONDS}`)
      .send(opened.stream);
    },
  );
};
