import { JOB_CONCURRENT_LABELS, MisfirePolicy } from '@acs/shared/job';

/** 执行策略 of the form (RuoYi offers these three; '0' 默认 only exists in old rows). */
export const MISFIRE_CHOICES = [
  { label: '立即执行', value: MisfirePolicy.IGNORE_MISFIRES },
  { label: '执行一次', value: MisfirePolicy.FIRE_AND_PROCEED },
  { label: '放弃执行', value: MisfirePolicy.DO_NOTHING },
];

/** 执行策略 as the detail dialog names it. */
export const MISFIRE_LABELS: Record<string, string> = {
  [MisfirePolicy.DEFAULT]: '默认策略',
  ...Object.fromEntries(MISFIRE_CHOICES.map((c) => [c.value, c.label])),
};

export const CONCURRENT_CHOICES = Object.entries(JOB_CONCURRENT_LABELS).map(([value, label]) => ({ label, value }));
