import { z } from 'zod';
import { BOSS_EXCHANGE_STATUSES, LEAD_STATUSES } from '@acs/shared';
import { exportQuery, idParam, listQuery } from '../../../core/list';
import { filterText } from '../../../core/rules';
import { crmLead } from '../../../db/schema';

const idFilter = (label: string) => z.union([z.literal(''), idParam], { error: `${label}必须是正整数` }).optional();

const filters = {
  name: filterText('姓名', crmLead.name),
  phone: filterText('手机号', crmLead.phone),
  accountId: idFilter('账号编号'),
  jobId: idFilter('职位编号'),
  status: z.union([z.literal(''), z.enum(LEAD_STATUSES)], { error: '线索状态不正确' }).optional(),
  exchangeStatus: z.union([z.literal(''), z.enum(BOSS_EXCHANGE_STATUSES)], { error: '交换状态不正确' }).optional(),
};

export const bossLeaveListQuery = listQuery.extend(filters);
export const bossLeaveExportQuery = exportQuery.extend(filters);
export type BossLeaveFilters = z.infer<typeof bossLeaveExportQuery>;
