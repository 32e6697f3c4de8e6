import { useQuery } from '@tanstack/react-query';
import { listDouyinApp } from '../../../../api/channel/dyConfig';

/** The key of the apps list: the app options follow every change to the apps. */
export const APP_LIST_KEY = 'channel/dyConfig/app';

/** The Douyin apps as select options (an account filter, the app of a binding link); an operator has a handful. */
export function useAppOptions() {
  const query = useQuery({
    queryKey: [APP_LIST_KEY, 'options'],
    queryFn: () => listDouyinApp({ pageNum: 1, pageSize: 100 }),
  });
  return (query.data?.rows ?? []).map((a) => ({ value: a.appId!, label: a.name, enabled: a.status === '0' }));
}
