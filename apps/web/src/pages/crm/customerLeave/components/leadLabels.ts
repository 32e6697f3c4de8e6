import { CHANNEL_LABELS, CHANNELS, LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '@acs/shared';
import { parseTime } from '../../../../utils/ruoyi';

/** Tag colours of the lead statuses: open ones coloured, final ones grey or purple. */
export const LEAD_STATUS_COLORS: Record<LeadStatus, string> = {
  new: 'blue',
  assigned: 'gold',
  contacted: 'cyan',
  converted: 'green',
  invalid: 'default',
  duplicate: 'purple',
};

export const STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }));
export const CHANNEL_OPTIONS = CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }));
export const SOURCE_OPTIONS = LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_LABELS[value] }));

/** The system's own actions are recorded with the operator 'system'. */
export function operatorLabel(name: string): string {
  return name === 'system' ? '系统' : name || '-';
}

/** A time in a narrow cell: 11-24 14:13 this year, the date alone for other years. */
export function shortTime(value: string | null | undefined): string {
  const full = parseTime(value);
  if (!full) return '';
  return full.startsWith(String(new Date().getFullYear())) ? full.slice(5, 16) : full.slice(0, 10);
}
