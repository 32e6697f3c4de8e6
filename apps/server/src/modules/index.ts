import type { FastifyPluginAsync } from 'fastify';

/**
 * API modules mounted under the API prefix, in registration order.
 * Each module file exports one plugin; add a line here when a module is added.
 */
export const apiModules: FastifyPluginAsync[] = [];
