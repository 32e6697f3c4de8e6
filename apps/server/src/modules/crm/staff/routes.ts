import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code, Msg } from '@acs/shared';
import { hasPermi, requireSession } from '../../../core/auth';
import { okData } from '../../../core/envelope';
import { ServiceError } from '../../../core/errors';
import { filterText, KEYWORD_MAX } from '../../../core/rules';
import { listStaff } from './service';

/** The screens with an owner or assignee picker: any one of their list permissions opens the staff list. */
const PICKER_PERMISSIONS = ['crm:customer:list', 'crm:lead:list', 'crm:distribution:list'];

/** Staff for the CRM pickers (客户管理 owner, 客户留资 assignee, 员工分配 members). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // Route access holds one permission; the picker serves three screens, so the check is here, with
  // the access hook's own refusal.
  app.get(
    '/crm/staff',
    { config: { access: 'authenticated' }, schema: { summary: '查询可分配的员工', querystring: z.object({ keyword: filterText('关键词', KEYWORD_MAX) }) } },
    async (request) => {
      const session = requireSession(request);
      if (!PICKER_PERMISSIONS.some((p) => hasPermi(session, p))) throw new ServiceError(Msg.FORBIDDEN, Code.FORBIDDEN);
      return okData(await listStaff(deps, request.query.keyword));
    },
  );
};
