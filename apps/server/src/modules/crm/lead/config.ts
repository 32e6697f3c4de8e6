import { CRM_CONFIG } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { getConfigValue } from '../../system/config/service';

type Setting = (typeof CRM_CONFIG)[keyof typeof CRM_CONFIG];

/** A CRM parameter (sys_config) as a whole number ≥ 0; its default when missing or not one. */
export async function crmSetting(deps: Pick<AppDeps, 'kv' | 'database'>, setting: Setting): Promise<number> {
  const value = (await getConfigValue(deps, setting.key)).trim();
  const n = Number(value);
  return /^\d+$/.test(value) && Number.isSafeInteger(n) ? n : setting.default;
}

/** crm.lead.duplicateWindowHours, which captureLead takes from its callers. */
export const duplicateWindowHours = (deps: Pick<AppDeps, 'kv' | 'database'>) => crmSetting(deps, CRM_CONFIG.duplicateWindowHours);
