import type { AgentStatus } from '@acs/shared';
import { changeAgentStatus, delAgent, duplicateAgent, type AgentRow } from '../../../../api/ai/agent';
import { confirmDialog, toast } from '../../../../utils/feedback';

type Named = Pick<AgentRow, 'agentId' | 'name'>;

/**
 * The list's writes. Each resolves to true when something changed (the caller reloads); a refusal
 * has already been shown by the request layer with the server's message.
 */
async function attempt(action: () => Promise<unknown>, what: string): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    console.warn(`${what}未完成`, error);
    return false;
  }
}

export async function removeAgents(rows: Named[]): Promise<boolean> {
  const content = rows.length === 1 ? `确认删除客服"${rows[0].name}"吗？` : `确认删除选中的${rows.length}个客服吗？`;
  if (!(await confirmDialog({ content }))) return false;
  return attempt(async () => {
    await delAgent(rows.map((r) => r.agentId));
    toast.success('删除成功');
  }, '删除客服');
}

/** Copies the agent (rules, knowledge and variable values too); resolves to the copy's id. */
export async function duplicate(row: Named): Promise<number | undefined> {
  let id: number | undefined;
  const done = await attempt(async () => {
    id = (await duplicateAgent(row.agentId)).data;
    toast.success('复制成功');
  }, '复制客服');
  return done ? id : undefined;
}

const STATUS_TEXT: Record<AgentStatus, string> = { published: '发布', disabled: '停用', draft: '转为草稿' };

/** 发布 needs no confirmation; 停用 does, since bound channels stop answering. */
export async function setStatus(row: Named, status: AgentStatus): Promise<boolean> {
  const text = STATUS_TEXT[status];
  if (status === 'disabled') {
    const ok = await confirmDialog({ content: `确认停用客服"${row.name}"吗？停用后它将不再回复客户。` });
    if (!ok) return false;
  }
  return attempt(async () => {
    await changeAgentStatus(row.agentId, status);
    toast.success(`${text}成功`);
  }, `${text}客服`);
}
