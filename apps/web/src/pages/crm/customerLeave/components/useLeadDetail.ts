import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getLead } from '../../../../api/crm/lead';

const KEY = 'crm/lead/detail';

/** A lead with its history and follow-ups (GET /crm/lead/{id}); loads while leadId is set. */
export function useLeadDetail(leadId: number | undefined) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [KEY, leadId],
    queryFn: () => getLead(leadId!),
    enabled: leadId !== undefined,
  });
  return {
    detail: query.data?.data,
    loading: query.isFetching,
    /** After a follow-up or status change: the history gains an entry. */
    reload: () => void client.invalidateQueries({ queryKey: [KEY, leadId] }),
  };
}
