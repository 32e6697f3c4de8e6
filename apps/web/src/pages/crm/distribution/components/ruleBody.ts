import type { DistributionMember, DistributionRuleBody } from '../../../../api/crm/distribution';

/** The dialog's values: the rule with its members as the form holds them (names and today's counts included). */
export type RuleForm = Omit<DistributionRuleBody, 'members'> & { members?: DistributionMember[] };

/**
 * What the server takes from the dialog: the order of the members is their sort (round robin goes
 * in that order), read-only fields (names, today's counts) stay behind.
 */
export function toRuleBody(values: RuleForm): DistributionRuleBody {
  const { members = [], ...rule } = values;
  return {
    ruleId: rule.ruleId,
    name: (rule.name ?? '').trim(),
    priority: rule.priority,
    scope: { channels: rule.scope?.channels ?? [], agentIds: rule.scope?.agentIds ?? [], sources: rule.scope?.sources ?? [] },
    method: rule.method,
    firstContactMinutes: rule.firstContactMinutes,
    reclaimMinutes: rule.reclaimMinutes,
    reclaimTo: rule.reclaimTo,
    webhookKind: rule.webhookKind ?? '',
    webhookUrl: (rule.webhookUrl ?? '').trim(),
    status: rule.status,
    remark: rule.remark,
    members: members.map((m, sort) => ({
      userId: m.userId,
      sort,
      weight: m.weight,
      dailyCap: m.dailyCap,
      workHours: m.workHours ?? [],
      holidays: m.holidays ?? [],
      webhookUrl: m.webhookUrl ?? '',
      enabled: m.enabled,
    })),
  };
}

/** A member as added from the staff picker: weight 1, no cap, always working, enabled. */
export function newMember(userId: number, nickName: string): DistributionMember {
  return { userId, nickName, sort: 0, weight: 1, dailyCap: 0, workHours: [], holidays: [], webhookUrl: '', enabled: true };
}
