import { useMemo } from 'react';
import { Card, Col, Empty } from 'antd';
import { GaugeChart, PieChart } from 'echarts/charts';
import type { CacheOverview } from '@acs/shared';
import EChart, { registerCharts, type ChartOption } from '../../../../components/EChart';
import { memoryGauge } from './figures';

registerCharts([PieChart, GaugeChart]);

const HEIGHT = 320;

/** 命令统计 (rose pie of calls per command) and 内存信息 (gauge), two columns of the page's row, loaded lazily with ECharts. */
export default function CacheCharts({ data }: { data: CacheOverview }) {
  const commands = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b} : {c} ({d}%)' },
      series: [
        {
          name: '命令',
          type: 'pie',
          roseType: 'radius',
          radius: [15, 95],
          center: ['50%', '50%'],
          data: data.commandStats.map((c) => ({ name: c.name, value: Number(c.value) })),
        },
      ],
    }),
    [data.commandStats],
  );
  const gauge = memoryGauge(data.info);
  const memory = useMemo<ChartOption>(
    () => ({
      tooltip: { formatter: `{b} <br/>{a} : ${data.info.used_memory_human ?? ''}` },
      series: [
        {
          name: '峰值',
          type: 'gauge',
          min: 0,
          max: gauge.max,
          detail: { formatter: `{value}M`, fontSize: 18 },
          data: [{ value: gauge.used, name: gauge.limited ? '内存消耗 / 上限' : '内存消耗' }],
        },
      ],
    }),
    [gauge.max, gauge.used, gauge.limited, data.info.used_memory_human],
  );
  return (
    <>
      <Col xs={24} lg={8}>
        <Card title="命令统计" size="small">
          {data.commandStats.length ? <EChart option={commands} height={HEIGHT} label="命令统计" /> : <Empty description="暂无命令统计" />}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title="内存信息" size="small">
          <EChart option={memory} height={HEIGHT} label="内存信息" />
        </Card>
      </Col>
    </>
  );
}
