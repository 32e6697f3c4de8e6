import { z } from 'zod';
import { CHANNELS } from '@acs/shared';
import { exportQuery, idParam, listQuery } from '../../../core/list';

/** Filters of the table, the charts and the export; empty means "any". The days come as params[beginTime]/[endTime]. */
const filters = {
  agentId: z.union([z.literal(''), idParam], { error: 'AI客服编号必须是正整数' }).optional(),
  channel: z.union([z.literal(''), z.enum(CHANNELS)], { error: '渠道只能是网页、抖音或BOSS直聘' }).optional(),
};
export const csDataListQuery = listQuery.extend(filters);
export const csDataFilterQuery = exportQuery.extend(filters);
export type CsDataFilters = z.infer<typeof csDataFilterQuery>;
