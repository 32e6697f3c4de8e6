import { Tag } from 'antd';
import { AGENT_STATUS_LABELS, AGENT_STATUSES, type AgentStatus } from '@acs/shared';

const COLORS: Record<AgentStatus, string> = { draft: 'default', published: 'success', disabled: 'error' };

/** 草稿 / 已发布 / 已停用 as options of the search select. */
export const AGENT_STATUS_OPTIONS = AGENT_STATUSES.map((value) => ({ value, label: AGENT_STATUS_LABELS[value] }));

export function AgentStatusTag({ status }: { status: AgentStatus }) {
  return <Tag color={COLORS[status]}>{AGENT_STATUS_LABELS[status] ?? status}</Tag>;
}
