import { useQuery } from '@tanstack/react-query';
import { listAgent } from '../../../../api/ai/agent';

/**
 * Agents as select options (the owner of an agent-scope variable), fetched only once needed: the
 * agent list asks for ai:agent:list, which someone managing global variables may not hold.
 */
export function useAgentOptions(needed: boolean) {
  const query = useQuery({
    queryKey: ['ai/agent/options'],
    queryFn: () => listAgent({ pageNum: 1, pageSize: 100 }),
    enabled: needed,
  });
  return (query.data?.rows ?? []).map((a) => ({ value: a.agentId, label: a.name }));
}
