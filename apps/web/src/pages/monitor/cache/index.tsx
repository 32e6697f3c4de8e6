import { lazy, Suspense } from 'react';
import { Card, Col, Descriptions, Empty, Row, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getCache } from '../../../api/monitor/cache';
import RefreshBar, { useAutoRefresh } from '../../../components/RefreshBar';
import { basicFigures } from './components/figures';
import './cache.css';

// ECharts comes with the charts only: a chunk of its own, loaded by the pages that chart.
const CacheCharts = lazy(() => import('./components/CacheCharts'));

const REFRESH_MS = 10_000;

/** 缓存监控 (screens §4.7): Redis INFO, or the in-process store's own figures when there is no Redis. */
export default function CachePage() {
  const refresh = useAutoRefresh(REFRESH_MS);
  const query = useQuery({ queryKey: ['monitor/cache'], queryFn: getCache, refetchInterval: refresh.refetchInterval });
  const data = query.data?.data;

  if (query.isLoading) {
    return (
      <div className="app-container">
        <Spin tip="正在加载缓存监控数据，请稍候！" size="large">
          <div className="cache-loading" />
        </Spin>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="app-container">
        <Empty description="暂无缓存监控数据" />
      </div>
    );
  }
  return (
    <div className="app-container">
      <RefreshBar query={query} refresh={refresh} />
      <Row gutter={[12, 12]}>
        <Col span={24}>
          <Card title="基本信息" size="small">
            <Descriptions column={{ xs: 1, sm: 2, xl: 4 }} size="small" bordered>
              {basicFigures(data).map((f) => (
                <Descriptions.Item key={f.label} label={f.label}>
                  {f.value}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
        </Col>
        <Suspense
          fallback={
            <Col xs={24} lg={16}>
              <Spin className="cache-charts-placeholder" />
            </Col>
          }
        >
          <CacheCharts data={data} />
        </Suspense>
        <Col xs={24} lg={8}>
          <Card title="缓存键分布" size="small" className="cache-card">
            <Table
              size="small"
              pagination={false}
              rowKey="cacheName"
              dataSource={data.prefixes}
              columns={[
                { title: '缓存名称', dataIndex: 'cacheName', render: (name: string) => name.replace(/:$/, '') },
                { title: '备注', dataIndex: 'remark' },
                { title: '键数', dataIndex: 'keys', align: 'right' },
              ]}
            />
            {!data.prefixesComplete && (
              <Typography.Text type="secondary" className="cache-note">
                键过多，仅统计了其中一部分。
              </Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
