import { useQuery } from '@tanstack/react-query';
import { listAgent } from '../../../../api/ai/agent';

/** Agents as select options (the owner of an agent-scope variable). */
export function useAgentOptions() {
  const query = useQuery({
    queryKey: ['ai/agent/options'],
    queryFn: () => listAgent({ pageNum: 1, pageSize: 100 }),
  });
  return (query.data?.rows ?? []).map((a) => ({ value: a.agentId, label: a.name }));
}
