import { Table, Typography, type TableColumnsType, type TableColumnType, type TableProps } from 'antd';
import { CHANNEL_LABELS } from '@acs/shared';
import type { CsDataMetrics, CsDataRow } from '../../../../api/ai/csData';
import type { ListSort } from '../../../../components/ListPage';
import { count, percent, seconds } from './format';

interface Metric {
  key: keyof CsDataMetrics;
  title: string;
  width: number;
  format: (v: number | null) => string;
  /** The server sorts on it (the median is computed after the query, so it is not). */
  sortable: boolean;
}

const num = (v: number | null) => count(v ?? 0);
// Sized to fit the 1280-pixel layout with the sidebar open (headers in a smaller type, csData.css);
// the tooltips carry the full names.
const METRICS: Metric[] = [
  { key: 'conversations', title: '会话', width: 58, format: num, sortable: true },
  { key: 'customerMessages', title: '客户消息', width: 84, format: num, sortable: true },
  { key: 'aiReplies', title: 'AI回复', width: 74, format: num, sortable: true },
  { key: 'leads', title: '留资', width: 58, format: num, sortable: true },
  { key: 'captureRate', title: '留资率', width: 72, format: percent, sortable: true },
  { key: 'handoffs', title: '转人工', width: 72, format: num, sortable: true },
  { key: 'aiResolvedRate', title: 'AI解决率', width: 84, format: percent, sortable: true },
  { key: 'firstResponseMedian', title: '首响中位', width: 72, format: seconds, sortable: false },
  { key: 'knowledgeHitRate', title: '知识命中', width: 84, format: percent, sortable: true },
  { key: 'tokens', title: 'Tokens', width: 78, format: num, sortable: true },
];
const KEY_WIDTHS = { day: 86, agentName: 74, channel: 84 };
const MIN_WIDTH = Object.values(KEY_WIDTHS).reduce((a, b) => a + b, 0) + METRICS.reduce((a, m) => a + m.width, 0);

const TIPS: Partial<Record<keyof CsDataMetrics, string>> = {
  conversations: '当天开始且有消息的会话数',
  customerMessages: '客户发送的消息数',
  leads: '当天留资的线索数',
  captureRate: '留资率 = 留资数 / 会话数',
  handoffs: '转人工或被客服接入的会话数',
  aiResolvedRate: 'AI解决率 = 未转人工即结束的会话 / 会话数',
  firstResponseMedian: '首次响应中位时间：客户首条消息到首次回复（AI或人工）',
  knowledgeHitRate: '知识库命中率 = 由知识库回答的AI回复 / AI回复数',
  tokens: '模型Tokens（提示 + 生成）',
};

const titleOf = (m: Metric) => (TIPS[m.key] ? <span title={TIPS[m.key]}>{m.title}</span> : m.title);

interface CsDataTableProps {
  rows: CsDataRow[];
  totals: CsDataMetrics | undefined;
  loading: boolean;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
}

/** The rows per day × agent × channel with the totals of the whole filtered range under them. */
export default function CsDataTable({ rows, totals, loading, sort, onSort }: CsDataTableProps) {
  const order = (key: string): TableColumnType<CsDataRow>['sortOrder'] => (sort.orderByColumn === key ? (sort.isAsc === 'ascending' ? 'ascend' : 'descend') : null);
  const columns: TableColumnsType<CsDataRow> = [
    { title: '日期', dataIndex: 'day', key: 'day', width: KEY_WIDTHS.day, sorter: true, sortOrder: order('day') },
    {
      title: 'AI客服',
      dataIndex: 'agentName',
      key: 'agentName',
      width: KEY_WIDTHS.agentName,
      ellipsis: true,
      sorter: true,
      sortOrder: order('agentName'),
      render: (name: string, row) => name || `#${row.agentId}`,
    },
    {
      title: '渠道',
      dataIndex: 'channel',
      key: 'channel',
      width: KEY_WIDTHS.channel,
      sorter: true,
      sortOrder: order('channel'),
      render: (c: string) => CHANNEL_LABELS[c as keyof typeof CHANNEL_LABELS] ?? c,
    },
    ...METRICS.map((m) => ({
      title: titleOf(m),
      dataIndex: m.key,
      key: m.key,
      width: m.width,
      align: 'right' as const,
      sorter: m.sortable,
      sortOrder: m.sortable ? order(m.key) : undefined,
      render: (v: number | null) => m.format(v),
    })),
  ];

  const onChange: TableProps<CsDataRow>['onChange'] = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = [sorter].flat()[0];
    onSort(one?.order ? { orderByColumn: String(one.columnKey), isAsc: one.order === 'ascend' ? 'ascending' : 'descending' } : { orderByColumn: undefined, isAsc: undefined });
  };

  return (
    <Table<CsDataRow>
      rowKey={(r) => `${r.day}|${r.agentId}|${r.channel}`}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      size="small"
      className="csdata-table"
      tableLayout="fixed"
      scroll={{ x: MIN_WIDTH }}
      onChange={onChange}
      summary={() =>
        totals && rows.length > 0 ? (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="csdata-totals">
              <Table.Summary.Cell index={0} colSpan={3}>
                <Typography.Text strong>合计</Typography.Text>
              </Table.Summary.Cell>
              {METRICS.map((m, i) => (
                <Table.Summary.Cell key={m.key} index={i + 3} align="right">
                  <Typography.Text strong>{m.format(totals[m.key])}</Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
