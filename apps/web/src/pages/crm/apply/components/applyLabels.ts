import { APPLY_STATUS_LABELS, APPLY_STATUSES, type ApplyStatus } from '@acs/shared';

export const PERM = 'crm:apply';

export const APPLY_STATUS_COLORS: Record<ApplyStatus, string> = { new: 'blue', handled: 'green', invalid: 'default' };

export const APPLY_STATUS_OPTIONS = APPLY_STATUSES.map((value) => ({ value, label: APPLY_STATUS_LABELS[value] }));
