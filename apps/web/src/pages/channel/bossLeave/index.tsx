import { DatePicker, Form, Select } from 'antd';
import { BOSS_LEAD_EXPORT_URL, listBossLead, type BossLeadQuery, type BossLeadRow } from '../../../api/channel/bossLeave';
import { ListTable, SearchBar, SearchText } from '../../../components/ListPage';
import { useListPage } from '../../../hooks/useListPage';
import { STATUS_OPTIONS } from '../../crm/customerLeave/components/leadLabels';
import LeadToolbar from '../../crm/customerLeave/components/LeadToolbar';
import { useLeadList } from '../../crm/customerLeave/components/useLeadList';
import '../../crm/customerLeave/components/leave.css';
import './bossLeave.css';
import AccountJobFilters from './components/AccountJobFilters';
import { bossLeadColumns, CHOOSABLE } from './components/columns';
import { EXCHANGE_OPTIONS } from './components/labels';

const FILTERS: BossLeadQuery = {};
const FILTER_WIDTH = 200;

/**
 * BOSS留资: candidates the AI captured in BOSS直聘 chats with their profile. They are crm leads, so
 * 聊天记录, 分配, 跟进, 领取 and 详情 are 客户留资's dialogs on the /crm/lead endpoints.
 */
export default function BossLeavePage() {
  const list = useListPage<BossLeadRow, BossLeadQuery>('channel/bossLeave', listBossLead, FILTERS);
  const { chooser, handlers, dialogs, sort, toolbar } = useLeadList(list, 'channel-boss-lead-columns', CHOOSABLE);

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="姓名" name="name" />
        <SearchText label="手机号" name="phone" />
        <AccountJobFilters />
        <Form.Item label="线索状态" name="status">
          <Select placeholder="全部状态" allowClear options={STATUS_OPTIONS} style={{ width: FILTER_WIDTH }} />
        </Form.Item>
        <Form.Item label="交换状态" name="exchangeStatus">
          <Select placeholder="全部" allowClear options={EXCHANGE_OPTIONS} style={{ width: FILTER_WIDTH }} />
        </Form.Item>
        <Form.Item label="留资时间" name="dateRange">
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: 240 }} />
        </Form.Item>
      </SearchBar>
      <LeadToolbar {...toolbar} exportUrl={BOSS_LEAD_EXPORT_URL} exportName="boss_lead" exportPermi="channel:boss:export" exportParams={list.exportParams} />
      <ListTable list={list} rowKey="leadId" columns={chooser.visible(bossLeadColumns(handlers, sort))} minWidth={1160} onSort={(next) => list.search(next)} />
      {dialogs}
    </div>
  );
}
