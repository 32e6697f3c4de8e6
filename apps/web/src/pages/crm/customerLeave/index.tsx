import { useState } from 'react';
import { DatePicker, Form, Segmented, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { listLead, type LeadQuery, type LeadRow } from '../../../api/crm/lead';
import { ListTable, SearchBar, SearchText } from '../../../components/ListPage';
import { useColumnChooser } from '../../../hooks/useColumnChooser';
import { useListPage } from '../../../hooks/useListPage';
import StaffSelect from '../components/StaffSelect';
import AssignDialog from './components/AssignDialog';
import ChatDialog from './components/ChatDialog';
import { claim } from './components/claim';
import { CHOOSABLE, leadColumns, type LeadHandlers } from './components/columns';
import FollowupDialog from './components/FollowupDialog';
import LeadDetailDrawer from './components/LeadDetailDrawer';
import { CHANNEL_OPTIONS, SOURCE_OPTIONS, STATUS_OPTIONS } from './components/leadLabels';
import LeadToolbar from './components/LeadToolbar';
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

type Open =
  | { kind: 'chat' | 'followup'; lead: LeadRow }
  | { kind: 'assign'; leads: LeadRow[] }
  | { kind: 'detail'; leadId: number }
  | null;

/** 客户留资: the leads the AI captured, their owners and deadlines; assign, follow up, claim from the pool. */
export default function CustomerLeavePage() {
  // The view lives in the address (?tab=mine), so the top bar's and the workbench's links open it.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'all';
  const list = useListPage<LeadRow, LeadQuery>(`crm/lead/${tab}`, (q) => listLead({ ...q, ...TABS[tab].filter }), FILTERS);
  const chooser = useColumnChooser('crm-lead-columns', CHOOSABLE);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const changed = () => {
    list.setSelectedKeys([]);
    list.refresh();
  };

  const handlers: LeadHandlers = {
    chat: (lead) => setOpen({ kind: 'chat', lead }),
    assign: (leads) => setOpen({ kind: 'assign', leads }),
    followup: (lead) => setOpen({ kind: 'followup', lead }),
    detail: (lead) => setOpen({ kind: 'detail', leadId: lead.leadId }),
    claim: (leads) => void claim(leads.map((l) => l.leadId)).then((ok) => ok && changed()),
  };
  const selected = list.rows.filter((r) => list.selectedKeys.includes(r.leadId));
  const sort = { orderByColumn: list.filters.orderByColumn, isAsc: list.filters.isAsc };

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
        list={list}
        selected={selected.length}
        inPool={tab === 'pool'}
        exportParams={{ ...list.exportParams, ...TABS[tab].filter }}
        onAssign={() => handlers.assign(selected)}
        onClaim={() => handlers.claim(selected)}
        columns={chooser.columns}
        onColumnsChange={chooser.change}
      />
      <ListTable
        list={list}
        rowKey="leadId"
        columns={chooser.visible(leadColumns(handlers, sort, tab === 'pool'))}
        minWidth={1000}
        onSort={(next) => list.search(next)}
      />
      {open?.kind === 'chat' && <ChatDialog lead={open.lead} onClose={close} />}
      {open?.kind === 'assign' && (
        <AssignDialog
          leads={open.leads}
          onClose={close}
          onDone={() => {
            close();
            changed();
          }}
        />
      )}
      {open?.kind === 'followup' && <FollowupDialog lead={open.lead} onClose={close} onChanged={changed} />}
      {open?.kind === 'detail' && <LeadDetailDrawer leadId={open.leadId} onClose={close} />}
    </div>
  );
}
