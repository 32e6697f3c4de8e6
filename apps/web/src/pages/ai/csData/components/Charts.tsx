import { useMemo } from 'react';
import { Card, Empty, Spin } from 'antd';
import { FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { CHANNEL_LABELS } from '@acs/shared';
import type { CsDataCharts, FunnelStage } from '../../../../api/ai/csData';
import EChart, { registerCharts, type ChartOption } from '../../../../components/EChart';
import { count, percent } from './format';

registerCharts([LineChart, PieChart, FunnelChart]);

const HEIGHT = 260;
const STAGES: Record<FunnelStage, string> = { conversations: '会话', leads: '留资', contacted: '已联系', converted: '已成交' };
const channelName = (c: string) => CHANNEL_LABELS[c as keyof typeof CHANNEL_LABELS] ?? c;

function trendOption(trend: CsDataCharts['trend']): ChartOption {
  const line = (name: string, data: (number | null)[], yAxisIndex = 0) => ({ name, type: 'line' as const, data, yAxisIndex, showSymbol: trend.length <= 31 });
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: trend.map((p) => p.day.slice(5)) },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', splitLine: { show: false }, axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` } },
    ],
    series: [
      line('会话数', trend.map((p) => p.conversations)),
      line('留资数', trend.map((p) => p.leads)),
      line('转人工', trend.map((p) => p.handoffs)),
      { ...line('留资率', trend.map((p) => p.captureRate), 1), lineStyle: { type: 'dashed' }, tooltip: { valueFormatter: (v) => percent(v as number | null) } },
    ],
  };
}

function channelOption(channels: CsDataCharts['channels']): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}<br/>会话 {c}（{d}%）' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        // The card is narrow: shares inside the ring, names in the legend.
        label: { position: 'inside', formatter: (p) => `${Math.round(p.percent ?? 0)}%`, color: '#fff' },
        data: channels.map((c) => ({ name: channelName(c.channel), value: c.conversations })),
      },
    ],
  };
}

function funnelOption(funnel: CsDataCharts['funnel']): ChartOption {
  const top = funnel[0]?.value ?? 0;
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const { name, value } = p as { name: string; value: number };
        return `${name} ${count(value)}${top ? `（${percent(value / top)}）` : ''}`;
      },
    },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        left: '8%',
        width: '84%',
        top: 8,
        bottom: 8,
        minSize: '36%',
        label: { position: 'inside', formatter: '{b}\n{c}', lineHeight: 16 },
        data: funnel.map((s) => ({ name: STAGES[s.stage], value: s.value })),
      },
    ],
  };
}

/**
 * The charts of 客服数据 (loaded lazily with ECharts): the trend per day, the split of conversations
 * per channel and the funnel from conversations to converted leads.
 */
export default function Charts({ data, loading }: { data: CsDataCharts | undefined; loading: boolean }) {
  const options = useMemo(
    () => data && { trend: trendOption(data.trend), channels: channelOption(data.channels), funnel: funnelOption(data.funnel) },
    [data],
  );
  const empty = !data || data.funnel.every((s) => s.value === 0);
  const body = (label: string, option: ChartOption | undefined) =>
    empty || !option ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? '加载中' : '暂无数据'} style={{ height: HEIGHT - 40 }} />
    ) : (
      <EChart option={option} height={HEIGHT} label={label} />
    );
  return (
    <Spin spinning={loading}>
      <div className="csdata-charts">
        <Card size="small" title="趋势">
          {body('每日会话数、留资数、转人工与留资率', options?.trend)}
        </Card>
        <Card size="small" title="渠道分布">
          {body('各渠道会话占比', options?.channels)}
        </Card>
        <Card size="small" title="转化漏斗">
          {body('会话、留资、已联系、已成交', options?.funnel)}
        </Card>
      </div>
    </Spin>
  );
}
