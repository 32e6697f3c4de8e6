import { useQuery } from '@tanstack/react-query';
import { VARIABLE_SYSTEM_KEYS } from '@acs/shared';
import { agentVariables } from '../../../../../api/ai/variable';
import { useAuth } from '../../../../../hooks/useAuth';

export interface VariableChoice {
  key: string;
  label: string;
  group: '系统变量' | '全局变量' | '客服变量';
}

const SYSTEM: VariableChoice[] = Object.entries(VARIABLE_SYSTEM_KEYS).map(([key, label]) => ({ key, label, group: '系统变量' }));

/**
 * What 插入变量 offers: the system variables, then the globals and this agent's own. The agent's
 * variables come from an ai:agent:edit endpoint; without it (回复 only) the system ones remain.
 */
export function useVariableChoices(agentId: number): VariableChoice[] {
  const canRead = useAuth().hasPermi('ai:agent:edit');
  const query = useQuery({ queryKey: ['ai/agent/variables', agentId], queryFn: () => agentVariables(agentId), enabled: canRead });
  const own = (query.data?.data ?? [])
    .filter((v) => v.status !== '1')
    .map((v): VariableChoice => ({ key: v.varKey, label: v.label, group: v.scope === 'agent' ? '客服变量' : '全局变量' }));
  return [...SYSTEM, ...own];
}
