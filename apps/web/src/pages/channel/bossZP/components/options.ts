import { useQuery } from '@tanstack/react-query';
import { listBossAccount, listBossJob } from '../../../../api/channel/bossZP';
import { useAuth } from '../../../../hooks/useAuth';

/** Pickers list at most this many; a recruiting team has a handful of accounts and jobs. */
const OPTIONS_PAGE = { pageNum: 1, pageSize: 100 };

/**
 * The recruiter accounts as select options. The list needs channel:boss:list, which someone working
 * BOSS留资 may not hold: without it there are no options and `allowed` is false (the filter is hidden).
 */
export function useBossAccountOptions() {
  const allowed = useAuth().hasPermi('channel:boss:list');
  const query = useQuery({ queryKey: ['channel/bossZP/account/options'], queryFn: () => listBossAccount(OPTIONS_PAGE), enabled: allowed });
  const options = (query.data?.rows ?? []).map((a) => ({ value: a.accountId, label: a.company ? `${a.recruiterName}（${a.company}）` : a.recruiterName }));
  /** An account's label in a table cell; a template without an account is every account's. */
  const nameOf = (id: number | null) => (id === null ? '全部账号' : (options.find((o) => o.value === id)?.label ?? `#${id}`));
  return { allowed, options, nameOf };
}

/** The jobs of one account (or of all) as select options, under the same permission as the accounts. */
export function useBossJobOptions(accountId: number | undefined) {
  const allowed = useAuth().hasPermi('channel:boss:list');
  const query = useQuery({
    queryKey: ['channel/bossZP/job/options', accountId ?? null],
    queryFn: () => listBossJob({ ...OPTIONS_PAGE, accountId }),
    enabled: allowed,
  });
  return (query.data?.rows ?? []).map((j) => ({ value: j.jobId!, label: j.city ? `${j.title} · ${j.city}` : j.title }));
}
