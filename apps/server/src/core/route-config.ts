import type { BusinessTypeValue } from '@acs/shared';
import type { Access, OperLogSpec } from './access';

/**
 * Route `config` for a permission-guarded endpoint, with its operation-log entry when given:
 * `config: guarded('system:post:add', '岗位管理', BusinessType.INSERT)`.
 */
export function guarded(permission: string, title?: string, businessType?: BusinessTypeValue): { access: Access; operLog?: OperLogSpec } {
  if (title === undefined || businessType === undefined) return { access: { permission } };
  return { access: { permission }, operLog: { title, businessType } };
}
