import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType, CHAT_MESSAGE_MAX } from '@acs/shared';
import { okData, toAjax } from '../../../core/envelope';
import { idParam } from '../../../core/list';
import { requireSession } from '../../../core/auth';
import { requiredText } from '../../../core/rules';
import { guarded } from '../../../core/route-config';
import { debugTurn, resetDebug } from './service';

const TITLE = 'AI客服';

const debugBody = z.object({
  conversationId: z.number().int().positive().optional(),
  content: requiredText('消息不能为空', CHAT_MESSAGE_MAX, `消息长度不能超过${CHAT_MESSAGE_MAX}个字符`).transform((v) => v.trim()),
});

/** The agent's debug chat (docs/ai-service.md §Debug chat). */
export const debugRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/ai/agent/:agentId/debug',
    { config: guarded('ai:agent:debug'), schema: { summary: '调试AI客服对话', params: z.object({ agentId: idParam }), body: debugBody } },
    async (request) => okData(await debugTurn(deps, request.params.agentId, requireSession(request).userId, request.body)),
  );

  app.delete(
    '/ai/agent/:agentId/debug/:conversationId',
    {
      config: guarded('ai:agent:debug', TITLE, BusinessType.CLEAN),
      schema: { summary: '清空调试对话', params: z.object({ agentId: idParam, conversationId: idParam }) },
    },
    async (request) => toAjax(await resetDebug(deps, request.params.agentId, request.params.conversationId)),
  );
};
