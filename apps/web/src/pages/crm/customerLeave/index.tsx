import { DatePicker, Form, Segmented, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { listLead, type LeadQuery, type LeadRow } from '../../../api/crm/lead';
import { ListTable, SearchBar, SearchText } from '../../../components/ListPage';
import { useListPage } from '../../../hooks/useListPage';
import StaffSelect from '../components/StaffSelect';
import { CHOOSABLE, leadColumns } from './components/columns';
import { CHANNEL_OPTIONS, SOURCE_OPTIONS, STATUS_OPTIONS } from './components/leadLabels';
import LeadToolbar from './components/LeadToolbar';
import { useLeadList } from './components/useLeadList';
import './components/leave.css';

const FILTERS: LeadQuery = {};
const FILTER_WIDTH = 200;

/** The views of the list: each adds its own filter to the search. */
const TABS = {
  all: { label: '全部线索', filter: {} },
  mine: { label: '我的线索', filter: { mine: true } },
  pool: { label: '公海', filter: { pool: true } },
  overdue: { label: '已逾期', filter: { overdue: true } },
} satisfies Record<string, { label: string; filter: Partial<LeadQuery> }>;
type Tab = keyof typeof TABS;
const isTab = (value: string | null): value is Tab => value !== null && Object.hasOwn(TABS, value);
const TAB_OPTIONS = (Object.keys(TABS) as Tab[]).map((value) => ({ value, label: TABS[value].label }));

/** 客户留资: the leads the AI captured, their owners and deadlines; assign, follow up, claim from the pool. */
export default function CustomerLeavePage() {
  // The view lives in the address (?tab=mine), so the top bar's and the workbench's links open it.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'all';
  const list = useListPage<LeadRow, LeadQuery>(`crm/lead/${tab}`, (q) => listLead({ ...q, ...TABS[tab].filter }), FILTERS);
  const { chooser, handlers, dialogs, selected, sort, toolbar } = useLeadList(list, 'crm-lead-columns', CHOOSABLE);

  return (
    <div className="app-container">
      <Segmented<Tab>
        className="lead-tabs"
        aria-label="线索视图"
        options={TAB_OPTIONS}
        value={tab}
        onChange={(next) => {
          setParams(next === 'all' ? {} : { tab: next }, { replace: true });
          list.search();
        }}
      />
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="姓名" name="name" />
        <SearchText label="手机号" name="phone" />
        <SearchText label="微信号" name="wechat" />
        <Form.Item label="渠道" name="channel">
          <Select placeholder="全部渠道" allowClear options={CHANNEL_OPTIONS} style={{ width: FILTER_WIDTH }} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="全部状态" allowClear options={STATUS_OPTIONS} style={{ width: FILTER_WIDTH }} />
        </Form.Item>
        <Form.Item label="负责人" name="ownerId">
          <StaffSelect aria-label="负责人" placeholder="全部" style={{ width: FILTER_WIDTH }} />
        </Form.Item>
        <Form.Item label="来源" name="source">
          <Select placeholder="全部来源" allowClear options={SOURCE_OPTIONS} style={{ width: FILTER_WIDTH }} />
        </Form.Item>
        <Form.Item label="留资时间" name="dateRange">
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: 240 }} />
        </Form.Item>
      </SearchBar>
      <LeadToolbar
        {...toolbar}
        onClaim={tab === 'pool' ? () => handlers.claim(selected) : undefined}
        exportUrl="/crm/lead/export"
        exportName="lead"
        exportPermi="crm:lead:export"
        exportParams={{ ...list.exportParams, ...TABS[tab].filter }}
      />
      <ListTable
        list={list}
        rowKey="leadId"
        columns={chooser.visible(leadColumns(handlers, sort, tab === 'pool'))}
        minWidth={1000}
        onSort={(next) => list.search(next)}
      />
      {dialogs}
    </div>
  );
}
