import {
  FOLLOWUP_RESULT_LABELS,
  FOLLOWUP_RESULT_STATUS,
  FOLLOWUP_RESULTS,
  LEAD_STATUS_LABELS,
  LEAD_STATUS_MOVES,
  OPEN_LEAD_STATUSES,
  type FollowupResult,
  type LeadStatus,
} from '@acs/shared';
import type { ManualLeadStatus } from '../../../../api/crm/lead';

const isManual = (s: LeadStatus): s is ManualLeadStatus => s !== 'assigned' && s !== 'duplicate';

/** The statuses a person may move a lead to by hand from `status` (docs/crm.md §状态规则); staying put is no move. */
export function statusMoves(status: LeadStatus): { value: ManualLeadStatus; label: string }[] {
  return LEAD_STATUS_MOVES[status]
    .filter(isManual)
    .filter((to) => to !== status)
    .map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }));
}

/**
 * Follow-up results, disabled where the rule table refuses the move the result makes from `status`;
 * a result that keeps the status (未接通) needs a lead still being worked.
 */
export function followupResultOptions(status: LeadStatus): { value: FollowupResult; label: string; disabled: boolean }[] {
  return FOLLOWUP_RESULTS.map((value) => {
    const to = FOLLOWUP_RESULT_STATUS[value];
    const allowed = to === undefined ? OPEN_LEAD_STATUSES.includes(status) : LEAD_STATUS_MOVES[status].includes(to);
    return { value, label: FOLLOWUP_RESULT_LABELS[value], disabled: !allowed };
  });
}
