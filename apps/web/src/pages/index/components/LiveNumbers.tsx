import { LineChartOutlined, SolutionOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MY_LEADS_PATH } from '../../../api/crm/notify';
import { getWorkbench, WORKBENCH_KEY } from '../../../api/crm/workbench';
import { useAuth } from '../../../hooks/useAuth';
import MyLeads from './MyLeads';
import { Panel, Placeholder } from './Panel';
import StatTiles, { statTiles } from './StatTiles';
import TrendBars from './TrendBars';

/** Besides the lead stream (the top bar refreshes this on every lead of mine), a minute at most. */
const REFRESH_MS = 60_000;

/**
 * The workbench's live part: today's numbers, the seven-day trend and my latest leads, each shown only
 * when the server gives it (the user holds the permission of its screen).
 */
export default function LiveNumbers() {
  const seesCsData = useAuth().hasPermi('ai:csData:list');
  const { data, isLoading } = useQuery({ queryKey: WORKBENCH_KEY, queryFn: getWorkbench, refetchInterval: REFRESH_MS });
  if (isLoading) {
    return (
      <Panel>
        <Placeholder rows={2} />
      </Panel>
    );
  }
  const numbers = data?.data;
  if (!numbers) return null;
  const tiles = statTiles(numbers, seesCsData);
  // No tile: the user may see neither conversations nor leads, so there is no trend either.
  if (tiles.length === 0) return null;

  const trendTitle = (
    <>
      <LineChartOutlined /> 近7日趋势
    </>
  );
  return (
    <>
      <StatTiles tiles={tiles} />
      <div className="workbench-columns">
        <Panel title={seesCsData ? <Link to="/ai/csData">{trendTitle}</Link> : trendTitle}>
          <TrendBars days={numbers.trend} />
        </Panel>
        {numbers.leads && (
          <Panel
            title={
              <Link to={MY_LEADS_PATH}>
                <SolutionOutlined /> 分配给我的线索
              </Link>
            }
          >
            <MyLeads leads={numbers.leads.latest} />
          </Panel>
        )}
      </div>
    </>
  );
}
