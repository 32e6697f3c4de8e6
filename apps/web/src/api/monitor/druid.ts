import type { DbActivity, DbOverview, DbStatements, StatementOrder, TableRow } from '@acs/shared';
import type { AjaxResult } from '../../types/api';
import { http } from '../../utils/request';

/** 数据监控 (our replacement of RuoYi's Druid console), read-only. */
export function getDbOverview() {
  return http.get<AjaxResult<DbOverview>>('/monitor/druid/overview');
}

export function getDbActivity() {
  return http.get<AjaxResult<DbActivity>>('/monitor/druid/activity');
}

export function getDbStatements(query: { orderBy: StatementOrder; limit?: number }) {
  return http.get<AjaxResult<DbStatements>>('/monitor/druid/statements', query);
}

export function getDbTables() {
  return http.get<AjaxResult<TableRow[]>>('/monitor/druid/tables');
}
