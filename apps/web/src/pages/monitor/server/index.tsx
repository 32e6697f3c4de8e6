import type { ReactNode } from 'react';
import { Card, Col, Descriptions, Empty, Row, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ServerInfo } from '@acs/shared';
import { getServer } from '../../../api/monitor/server';
import RefreshBar, { useAutoRefresh } from '../../../components/RefreshBar';
import './server.css';

const REFRESH_MS = 10_000;
const WARN_PERCENT = 80;

type Disk = ServerInfo['sysFiles'][number];

/** A percentage in red above 80 %, as upstream marks a nearly full memory or disk. */
function Usage({ value }: { value: number }) {
  return <Typography.Text type={value > WARN_PERCENT ? 'danger' : undefined}>{value}%</Typography.Text>;
}

const diskColumns: TableColumnsType<Disk> = [
  { title: '盘符路径', dataIndex: 'dirName', ellipsis: true },
  { title: '文件系统', dataIndex: 'sysTypeName', width: 110 },
  { title: '盘符类型', dataIndex: 'typeName', ellipsis: true },
  { title: '总大小', dataIndex: 'total', width: 110, align: 'right' },
  { title: '可用大小', dataIndex: 'free', width: 110, align: 'right' },
  { title: '已用大小', dataIndex: 'used', width: 110, align: 'right' },
  { title: '已用百分比', dataIndex: 'usage', width: 110, align: 'right', render: (v: number) => <Usage value={v} /> },
];

function Section({ title, children, span = 12 }: { title: string; children: ReactNode; span?: number }) {
  return (
    <Col xs={24} lg={span}>
      <Card title={title} size="small" className="server-card">
        {children}
      </Card>
    </Col>
  );
}

function Cards({ info }: { info: ServerInfo }) {
  const { cpu, mem, jvm, sys, sysFiles } = info;
  const loop = jvm.eventLoopDelay;
  const memRows = [
    { key: 'total', label: '总内存', mem: `${mem.total}G`, heap: `${jvm.total}M` },
    { key: 'used', label: '已用内存', mem: `${mem.used}G`, heap: `${jvm.used}M` },
    { key: 'free', label: '剩余内存', mem: `${mem.free}G`, heap: `${jvm.free}M` },
    { key: 'usage', label: '使用率', mem: <Usage value={mem.usage} />, heap: <Usage value={jvm.usage} /> },
  ];
  return (
    <Row gutter={[12, 12]}>
      <Section title="CPU">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="核心数">{cpu.cpuNum}</Descriptions.Item>
          <Descriptions.Item label="用户使用率">{cpu.used}%</Descriptions.Item>
          <Descriptions.Item label="系统使用率">{cpu.sys}%</Descriptions.Item>
          <Descriptions.Item label="IO 等待">{cpu.wait}%</Descriptions.Item>
          <Descriptions.Item label="当前空闲率">{cpu.free}%</Descriptions.Item>
          <Descriptions.Item label="负载 (1/5/15 分钟)">{cpu.loadAvg.join(' / ')}</Descriptions.Item>
        </Descriptions>
      </Section>
      <Section title="内存">
        <Table
          size="small"
          bordered
          pagination={false}
          rowKey="key"
          dataSource={memRows}
          columns={[
            { title: '属性', dataIndex: 'label' },
            { title: '内存', dataIndex: 'mem', align: 'right' },
            { title: 'Node 堆', dataIndex: 'heap', align: 'right' },
          ]}
        />
        <Typography.Paragraph type="secondary" className="server-note">
          进程常驻内存 {jvm.rss}M，堆外内存 {jvm.external}M，堆上限 {jvm.max}M
        </Typography.Paragraph>
      </Section>
      <Section title="服务器信息" span={24}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label="服务器名称">{sys.computerName}</Descriptions.Item>
          <Descriptions.Item label="操作系统">{sys.osName}</Descriptions.Item>
          <Descriptions.Item label="服务器IP">{sys.computerIp}</Descriptions.Item>
          <Descriptions.Item label="系统架构">{sys.osArch}</Descriptions.Item>
        </Descriptions>
      </Section>
      <Section title="Node 运行时" span={24}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label="运行时">{jvm.name}</Descriptions.Item>
          <Descriptions.Item label="版本">
            {jvm.version}（V8 {jvm.v8}）
          </Descriptions.Item>
          <Descriptions.Item label="启动时间">{jvm.startTime}</Descriptions.Item>
          <Descriptions.Item label="运行时长">{jvm.runTime}</Descriptions.Item>
          <Descriptions.Item label="进程号">{jvm.pid}</Descriptions.Item>
          <Descriptions.Item label="事件循环延迟">
            平均 {loop.mean}ms · P99 {loop.p99}ms · 最大 {loop.max}ms
          </Descriptions.Item>
          <Descriptions.Item label="安装路径" span={{ xs: 1, md: 2 }}>
            {jvm.home}
          </Descriptions.Item>
          <Descriptions.Item label="项目路径" span={{ xs: 1, md: 2 }}>
            {sys.userDir}
          </Descriptions.Item>
          <Descriptions.Item label="运行参数" span={{ xs: 1, md: 2 }}>
            {jvm.inputArgs}
          </Descriptions.Item>
        </Descriptions>
      </Section>
      <Section title="磁盘状态" span={24}>
        <Table size="small" bordered pagination={false} rowKey="dirName" dataSource={sysFiles} columns={diskColumns} scroll={{ x: 760 }} />
      </Section>
    </Row>
  );
}

/** 服务监控 (screens §4.6), refreshed on a timer that can be paused. */
export default function ServerPage() {
  const refresh = useAutoRefresh(REFRESH_MS);
  const query = useQuery({ queryKey: ['monitor/server'], queryFn: getServer, refetchInterval: refresh.refetchInterval });
  const info = query.data?.data;
  return (
    <div className="app-container">
      <RefreshBar query={query} refresh={refresh} />
      {query.isLoading ? (
        <Spin tip="正在加载服务监控数据，请稍候！" size="large">
          <div className="server-loading" />
        </Spin>
      ) : info ? (
        <Cards info={info} />
      ) : (
        <Empty description="暂无服务监控数据" />
      )}
    </div>
  );
}
