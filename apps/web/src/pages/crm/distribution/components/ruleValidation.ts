import { CRM_TEXT_MAX } from '@acs/shared';

/**
 * The bounds the server checks (apps/server/src/modules/crm/distribution/schema.ts), so the dialog
 * refuses the same input with the same words before sending it.
 */
export const RULE_LIMITS = {
  priority: { label: '优先级', min: 0, max: 9_999 },
  firstContactMinutes: { label: '首次联系时限', min: 0, max: 10_080 },
  reclaimMinutes: { label: '回收时间', min: 0, max: 43_200 },
  weight: { label: '权重', min: 1, max: 100 },
  dailyCap: { label: '每日上限', min: 0, max: 10_000 },
  simulate: { label: '模拟线索数', min: 1, max: 1_000 },
} as const;

export const MEMBERS_MAX = 100;
export const SCOPE_AGENTS_MAX = 100;

/** Required whole number within its bounds (InputNumber already keeps it whole). */
export function intRule(limit: (typeof RULE_LIMITS)[keyof typeof RULE_LIMITS]) {
  const message = `${limit.label}必须是${limit.min}到${limit.max}之间的整数`;
  return [
    { required: true, message: `${limit.label}不能为空` },
    { type: 'integer' as const, min: limit.min, max: limit.max, message },
  ];
}

export const webhookUrlRule = {
  pattern: /^https?:\/\/\S+$/i,
  max: CRM_TEXT_MAX.webhookUrl,
  message: `机器人地址必须以http://或https://开头，且不超过${CRM_TEXT_MAX.webhookUrl}个字符`,
};
