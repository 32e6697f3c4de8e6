import { z } from 'zod';
import { STATEMENT_ORDERS } from '@acs/shared';

export type { ActivityRow, DbActivity, DbOverview, DbStatements, StatementOrder, StatementRow, StatementSource, TableRow } from '@acs/shared';

/** 数据监控 replaces RuoYi's Druid console with read-only views of our own (permission monitor:druid:list). */
export const statementsQuery = z.object({
  orderBy: z.enum(STATEMENT_ORDERS, { message: '排序方式只能是 total、mean、max 或 calls' }).default('total'),
  limit: z.coerce
    .number({ message: '条数必须是数字' })
    .int('条数必须是整数')
    .min(1, '条数不能小于1')
    .max(100, '条数不能超过100')
    .default(20),
});
export type StatementsQuery = z.infer<typeof statementsQuery>;
