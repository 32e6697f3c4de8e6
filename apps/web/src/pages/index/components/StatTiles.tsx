import { Link } from 'react-router';
import type { WorkbenchNumbers } from '../../../api/crm/workbench';
import { MY_LEADS_PATH } from '../../../api/crm/notify';

interface Tile {
  label: string;
  value: string;
  /** The screen behind the number; none when the user may not open it. */
  to?: string;
  hint: string;
  alert?: boolean;
}

const CONVERSATIONS_PATH = '/ai/conversation';
const LEADS_PATH = '/crm/customerLeave';
const CS_DATA_PATH = '/ai/csData';

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

/** The tiles the numbers allow: the server leaves out (null) what the user may not see. */
export function statTiles(n: WorkbenchNumbers, seesCsData: boolean): Tile[] {
  const tiles: Tile[] = [];
  if (n.conversations) tiles.push({ label: '今日会话', value: String(n.conversations.today), to: CONVERSATIONS_PATH, hint: '今天开始的客户会话' });
  if (n.leads) tiles.push({ label: '今日留资', value: String(n.leads.today), to: LEADS_PATH, hint: '今天留下联系方式的客户' });
  if (n.conversations && n.leads) {
    tiles.push({ label: '留资率', value: percent(n.captureRate), to: seesCsData ? CS_DATA_PATH : undefined, hint: '今日会话留资 / 今日会话' });
  }
  if (n.conversations) {
    tiles.push({ label: '待接入', value: String(n.conversations.waiting), to: CONVERSATIONS_PATH, hint: '等待人工接入的会话', alert: n.conversations.waiting > 0 });
  }
  if (n.leads) {
    tiles.push({ label: '今日待跟进', value: String(n.leads.dueToday), to: MY_LEADS_PATH, hint: '约定今天再联系的我的线索' });
    tiles.push({ label: '首联超时', value: String(n.leads.overdue), to: `${LEADS_PATH}?tab=overdue`, hint: '过了首次联系时限仍未跟进', alert: n.leads.overdue > 0 });
  }
  return tiles;
}

/** Today's numbers, each a link to the screen it counts. */
export default function StatTiles({ tiles }: { tiles: Tile[] }) {
  return (
    <div className="workbench-stats">
      {tiles.map((tile) => {
        const body = (
          <>
            <span className="stat-label">{tile.label}</span>
            <strong className={`stat-value${tile.alert ? ' is-alert' : ''}`}>{tile.value}</strong>
            <span className="stat-hint">{tile.hint}</span>
          </>
        );
        return tile.to ? (
          <Link key={tile.label} className="stat-tile" to={tile.to} aria-label={`${tile.label} ${tile.value}`}>
            {body}
          </Link>
        ) : (
          <div key={tile.label} className="stat-tile">
            {body}
          </div>
        );
      })}
    </div>
  );
}
