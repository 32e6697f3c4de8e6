import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import AccountsTab from './components/AccountsTab';
import JobsTab from './components/JobsTab';
import TemplatesTab from './components/TemplatesTab';
import './boss.css';

const TABS = [
  { key: 'accounts', label: '招聘账号', children: <AccountsTab /> },
  { key: 'jobs', label: '职位', children: <JobsTab /> },
  { key: 'templates', label: '打招呼模板', children: <TemplatesTab /> },
];

/** BOSS招聘: recruiter accounts run by automation clients, their jobs, and greeting templates. */
export default function BossZPPage() {
  // The tab lives in the address (?tab=jobs), so a link can open it.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = TABS.some((t) => t.key === requested) ? requested! : 'accounts';
  return (
    <div className="app-container">
      <Tabs activeKey={active} items={TABS} onChange={(key) => setParams(key === 'accounts' ? {} : { tab: key }, { replace: true })} />
    </div>
  );
}
