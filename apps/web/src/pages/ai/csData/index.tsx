import { lazy, Suspense, useState } from 'react';
import { Button, DatePicker, Form, Select, Spin } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { CHANNEL_LABELS, CHANNELS } from '@acs/shared';
import { csDataAgents, csDataCharts, listCsData, type CsDataQuery, type CsDataRow } from '../../../api/ai/csData';
import { HasPermi } from '../../../components/HasPermi';
import { SearchBar, ToolbarRow, type ListSort } from '../../../components/ListPage';
import Pagination from '../../../components/Pagination';
import { useAuth } from '../../../hooks/useAuth';
import { useListPage } from '../../../hooks/useListPage';
import { download } from '../../../utils/download';
import { addDateRange } from '../../../utils/ruoyi';
import CsDataTable from './components/CsDataTable';
import './csData.css';

// ECharts comes with the charts only: a chunk of its own, loaded by this page alone.
const Charts = lazy(() => import('./components/Charts'));

const KEY = 'ai/csData';
const FILTERS: CsDataQuery = {};
const FILTER_WIDTH = 200;
const CHANNEL_OPTIONS = CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }));

/** The picker's ranges; the server's default is the first (the last 7 days, today included). */
function presets(): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = dayjs().startOf('day');
  return [
    { label: '近7天', value: [today.subtract(6, 'day'), today] },
    { label: '今天', value: [today, today] },
    { label: '近30天', value: [today.subtract(29, 'day'), today] },
    { label: '本月', value: [today.startOf('month'), today] },
    { label: '近一年', value: [today.subtract(1, 'year').add(1, 'day'), today] },
  ];
}

/** Filters that change what is counted (the charts ignore the table's sort). */
function countedFilters({ agentId, channel, params }: CsDataQuery & { params: Record<string, string> }) {
  return { agentId, channel, params };
}

/** 客服数据: numbers per day × agent × channel with their totals, charts and export. */
export default function CsDataPage() {
  const auth = useAuth();
  const [ranges] = useState(presets);
  const [initial] = useState(() => ({ ...FILTERS, dateRange: ranges[0].value }));
  const list = useListPage<CsDataRow, CsDataQuery>(KEY, listCsData, FILTERS);
  // The totals travel with the rows: the same query (same key, so no second request) read whole.
  const applied = addDateRange({ ...list.filters, ...list.page }, list.dateRange);
  const table = useQuery({ queryKey: [KEY, applied], queryFn: () => listCsData(applied), placeholderData: keepPreviousData });
  const counted = countedFilters(list.exportParams);
  const canChart = auth.hasPermi('ai:csData:query');
  const charts = useQuery({
    queryKey: [`${KEY}/charts`, counted],
    queryFn: () => csDataCharts(counted),
    placeholderData: keepPreviousData,
    enabled: canChart,
  });
  const agents = useQuery({ queryKey: [`${KEY}/agents`], queryFn: csDataAgents });
  const agentOptions = (agents.data?.data ?? []).map((a) => ({ value: a.agentId, label: a.name }));
  const sort: ListSort = { orderByColumn: list.filters.orderByColumn, isAsc: list.filters.isAsc };

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={initial}>
        <Form.Item label="日期" name="dateRange">
          <DatePicker.RangePicker
            allowClear={false}
            presets={ranges}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            placeholder={['开始日期', '结束日期']}
            style={{ width: 240 }}
          />
        </Form.Item>
        <Form.Item label="AI客服" name="agentId">
          <Select placeholder="全部客服" allowClear showSearch optionFilterProp="label" options={agentOptions} style={{ width: FILTER_WIDTH }} />
        </Form.Item>
        <Form.Item label="渠道" name="channel">
          <Select placeholder="全部渠道" allowClear options={CHANNEL_OPTIONS} style={{ width: FILTER_WIDTH }} />
        </Form.Item>
      </SearchBar>
      <ToolbarRow list={list}>
        <HasPermi value={['ai:csData:export']}>
          <Button
            color="orange"
            variant="outlined"
            icon={<DownloadOutlined />}
            onClick={() => void download('/ai/csData/export', list.exportParams, `csData_${Date.now()}.xlsx`)}
          >
            导出
          </Button>
        </HasPermi>
      </ToolbarRow>
      {canChart && (
        <Suspense
          fallback={
            <div className="csdata-charts-placeholder">
              <Spin />
            </div>
          }
        >
          <Charts data={charts.data?.data} loading={charts.isFetching} />
        </Suspense>
      )}
      <CsDataTable rows={list.rows} totals={table.data?.totals} loading={list.loading} sort={sort} onSort={(next) => list.search(next)} />
      <Pagination total={list.total} page={list.page.pageNum} limit={list.page.pageSize} onChange={list.setPage} />
    </div>
  );
}
