import { CUSTOMER_STAGE_LABELS } from '@acs/shared';
import type { Executor } from '../capture';
import type { LeadEventInput } from '../lead-events';
import { userNames } from './contacts';
import { maskPhonesInText } from '../mask';

/** The fields staff edit on a customer. */
export interface Editable {
  name: string;
  phone: string;
  wechat: string;
  tags: string[];
  ownerId: number | null;
  stage: string;
  remark: string | null;
}

const shown = (value: string) => (value ? maskPhonesInText(value) : '（空）');
const stageLabel = (stage: string) => CUSTOMER_STAGE_LABELS[stage as keyof typeof CUSTOMER_STAGE_LABELS] ?? stage;

/**
 * What changed, in words for the customer's history. Numbers are masked: the history is read by
 * users without crm:customer:phone too, and the operation log keeps the request itself.
 */
function describeChanges(before: Editable, after: Editable, names: Map<number, string>): string[] {
  const out: string[] = [];
  const pair = (label: string, a: string, b: string) => {
    if (a !== b) out.push(`${label}：${shown(a)} → ${shown(b)}`);
  };
  pair('姓名', before.name, after.name);
  pair('手机号', before.phone, after.phone);
  pair('微信号', before.wechat, after.wechat);
  const added = after.tags.filter((t) => !before.tags.includes(t));
  const removed = before.tags.filter((t) => !after.tags.includes(t));
  if (added.length > 0) out.push(`添加标签：${added.join('、')}`);
  if (removed.length > 0) out.push(`移除标签：${removed.join('、')}`);
  const ownerName = (id: number | null) => (id === null ? '' : (names.get(id) ?? `用户${id}`));
  if (before.ownerId !== after.ownerId) pair('负责人', ownerName(before.ownerId), ownerName(after.ownerId));
  pair('阶段', stageLabel(before.stage), stageLabel(after.stage));
  if ((before.remark ?? '') !== (after.remark ?? '')) out.push('修改了备注');
  return out;
}

/**
 * The 'edit' history entries (no lead) of customers whose fields changed, each reason prefixed
 * (编辑客户, 导入更新…); an owner change also fills the event's owner columns.
 */
export async function editEvents(
  db: Executor,
  prefix: string,
  changes: { customerId: number; before: Editable; after: Editable }[],
): Promise<LeadEventInput[]> {
  const names = await userNames(db, changes.flatMap((c) => [c.before.ownerId, c.after.ownerId]));
  return changes.flatMap(({ customerId, before, after }) => {
    const described = describeChanges(before, after, names);
    if (described.length === 0) return [];
    const ownerChanged = before.ownerId !== after.ownerId;
    return [
      {
        kind: 'edit' as const,
        customerId,
        fromOwnerId: ownerChanged ? before.ownerId : null,
        toOwnerId: ownerChanged ? after.ownerId : null,
        reason: `${prefix}：${described.join('；')}`,
      },
    ];
  });
}
