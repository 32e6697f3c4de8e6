import { useState } from 'react';
import { Alert, Card, Col, Descriptions, Row, Segmented, Spin, Table, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityRow, DbOverview, StatementOrder, StatementRow, TableRow } from '@acs/shared';
import { getDbActivity, getDbOverview, getDbStatements, getDbTables } from '../../../api/monitor/druid';
import RefreshBar, { useAutoRefresh } from '../../../components/RefreshBar';
import { formatBytes, formatCount, formatMs } from './components/format';

const REFRESH_MS = 10_000;
const KEY = 'monitor/druid';

const ORDER_OPTIONS: { label: string; value: StatementOrder }[] = [
  { label: '总耗时', value: 'total' },
  { label: '平均耗时', value: 'mean' },
  { label: '最长耗时', value: 'max' },
  { label: '执行次数', value: 'calls' },
];

const SQL_TEXT = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 } as const;
const sqlCell = (text: string) => (
  <Typography.Paragraph style={{ ...SQL_TEXT, margin: 0 }} ellipsis={{ rows: 2, expandable: true, symbol: '展开' }} copyable={{ text }}>
    {text}
  </Typography.Paragraph>
);

function Overview({ data }: { data: DbOverview }) {
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={12}>
        <Card title="数据库" size="small">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="类型">{data.kind === 'pglite' ? '内嵌 PGlite' : 'PostgreSQL 服务器'}</Descriptions.Item>
            <Descriptions.Item label="版本">{data.version}</Descriptions.Item>
            <Descriptions.Item label="数据库">{data.database}</Descriptions.Item>
            <Descriptions.Item label="数据大小">{formatBytes(data.sizeBytes)}</Descriptions.Item>
            <Descriptions.Item label="启动时间">{data.startTime ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="最大连接数">{data.maxConnections}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        {data.pool && (
          <Card title="连接池（node-postgres）" size="small">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="池上限">{data.pool.max}</Descriptions.Item>
              <Descriptions.Item label="已打开连接">{data.pool.total}</Descriptions.Item>
              <Descriptions.Item label="空闲连接">{data.pool.idle}</Descriptions.Item>
              <Descriptions.Item label="排队等待">
                <Typography.Text type={data.pool.waiting > 0 ? 'warning' : undefined}>{data.pool.waiting}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        )}
        {data.pglite && (
          <Card title="内嵌引擎（PGlite）" size="small">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="数据目录">{data.pglite.dataDir}</Descriptions.Item>
              <Descriptions.Item label="状态">
                {data.pglite.closed ? <Tag color="error">已关闭</Tag> : data.pglite.ready ? <Tag color="success">就绪</Tag> : <Tag>启动中</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="连接">单连接，语句依次执行</Descriptions.Item>
            </Descriptions>
          </Card>
        )}
      </Col>
    </Row>
  );
}

const activityColumns: TableColumnsType<ActivityRow> = [
  { title: '进程号', dataIndex: 'pid', width: 90 },
  { title: '用户', dataIndex: 'userName', width: 110, render: (v: string | null) => v ?? '-' },
  { title: '应用', dataIndex: 'applicationName', width: 120, ellipsis: true, render: (v: string | null) => v || '-' },
  { title: '客户端', dataIndex: 'clientAddr', width: 130, render: (v: string | null) => v ?? '本地' },
  { title: '状态', dataIndex: 'state', width: 150, render: (v: string | null) => <Tag color={v === 'active' ? 'processing' : 'warning'}>{v ?? '-'}</Tag> },
  { title: '等待事件', dataIndex: 'waitEvent', width: 150, render: (v: string | null) => v ?? '-' },
  { title: '已运行', dataIndex: 'durationMs', width: 100, align: 'right', render: formatMs },
  { title: '语句', dataIndex: 'query', render: sqlCell },
];

const statementColumns: TableColumnsType<StatementRow> = [
  { title: '语句', dataIndex: 'query', render: sqlCell },
  { title: '执行次数', dataIndex: 'calls', width: 100, align: 'right', render: formatCount },
  { title: '总耗时', dataIndex: 'totalMs', width: 110, align: 'right', render: formatMs },
  { title: '平均耗时', dataIndex: 'meanMs', width: 110, align: 'right', render: formatMs },
  { title: '最长耗时', dataIndex: 'maxMs', width: 110, align: 'right', render: formatMs },
  { title: '返回行数', dataIndex: 'rows', width: 100, align: 'right', render: formatCount },
];

const tableColumns: TableColumnsType<TableRow> = [
  { title: '表名', dataIndex: 'tableName', render: (name: string, row) => (row.schemaName === 'public' ? name : `${row.schemaName}.${name}`) },
  {
    title: '估算行数',
    dataIndex: 'rowEstimate',
    width: 110,
    align: 'right',
    render: (v: number | null) => (v === null ? <Tooltip title="尚未分析（ANALYZE），暂无估算">-</Tooltip> : formatCount(v)),
  },
  { title: '总大小', dataIndex: 'totalBytes', width: 110, align: 'right', render: formatBytes },
  { title: '表数据', dataIndex: 'tableBytes', width: 110, align: 'right', render: formatBytes },
  { title: '索引', dataIndex: 'indexBytes', width: 110, align: 'right', render: formatBytes },
  { title: '顺序扫描', dataIndex: 'seqScan', width: 100, align: 'right', render: formatCount },
  { title: '索引扫描', dataIndex: 'idxScan', width: 100, align: 'right', render: formatCount },
  { title: '死元组', dataIndex: 'deadRows', width: 90, align: 'right', render: formatCount },
  { title: '最近分析', dataIndex: 'lastAnalyze', width: 170, render: (v: string | null) => v ?? '-' },
];

/** 数据监控 (in place of RuoYi's Druid console): the database, its connections, slow statements and tables. */
export default function DruidPage() {
  const refresh = useAutoRefresh(REFRESH_MS);
  const [tab, setTab] = useState('overview');
  const [orderBy, setOrderBy] = useState<StatementOrder>('total');
  const live = { refetchInterval: refresh.refetchInterval, placeholderData: keepPreviousData };
  const overview = useQuery({ queryKey: [KEY, 'overview'], queryFn: getDbOverview, ...live });
  const activity = useQuery({ queryKey: [KEY, 'activity'], queryFn: getDbActivity, enabled: tab === 'activity', ...live });
  const statements = useQuery({
    queryKey: [KEY, 'statements', orderBy],
    queryFn: () => getDbStatements({ orderBy, limit: 50 }),
    enabled: tab === 'statements',
    ...live,
  });
  const tables = useQuery({ queryKey: [KEY, 'tables'], queryFn: getDbTables, enabled: tab === 'tables', ...live });
  // The bar tells and refreshes what the open tab shows.
  const current = tab === 'activity' ? activity : tab === 'statements' ? statements : tab === 'tables' ? tables : overview;
  const source = statements.data?.data;

  return (
    <div className="app-container">
      <RefreshBar query={current} refresh={refresh} />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'overview',
            label: '概览',
            children: overview.data?.data ? <Overview data={overview.data.data} /> : <Spin tip="正在加载数据监控，请稍候！"><div style={{ height: 240 }} /></Spin>,
          },
          {
            key: 'activity',
            label: '活动连接',
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  本应用数据库的连接：
                  {(activity.data?.data?.states ?? []).map((s) => `${s.state} ${s.count}`).join('，') || '除本次查询外没有其他连接'}
                </Typography.Paragraph>
                <Table
                  size="small"
                  rowKey="pid"
                  loading={activity.isLoading}
                  pagination={false}
                  dataSource={activity.data?.data?.queries ?? []}
                  columns={activityColumns}
                  locale={{ emptyText: '没有正在执行的语句' }}
                  scroll={{ x: 1100 }}
                />
              </>
            ),
          },
          {
            key: 'statements',
            label: '慢语句',
            children: (
              <>
                <Segmented options={ORDER_OPTIONS} value={orderBy} onChange={setOrderBy} style={{ marginBottom: 12 }} />
                {source && (
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 12 }}
                    title={
                      source.source === 'pg_stat_statements'
                        ? '来自 pg_stat_statements（数据库服务器的全部统计）'
                        : `来自本服务进程自身的计时（未启用 pg_stat_statements），自 ${source.since} 起；多实例部署时仅为当前实例`
                    }
                  />
                )}
                <Table
                  size="small"
                  rowKey="query"
                  loading={statements.isLoading}
                  pagination={false}
                  dataSource={source?.rows ?? []}
                  columns={statementColumns}
                  scroll={{ x: 1000 }}
                />
              </>
            ),
          },
          {
            key: 'tables',
            label: '表空间',
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.schemaName}.${r.tableName}`}
                loading={tables.isLoading}
                dataSource={tables.data?.data ?? []}
                columns={tableColumns}
                pagination={{ pageSize: 20, showSizeChanger: false }}
                scroll={{ x: 1100 }}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
