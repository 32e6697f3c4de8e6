import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { FunnelChart, LineChart, PieChart, type FunnelSeriesOption, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what 客服数据 draws: this module is the page's lazy charts chunk, the only place ECharts loads.
echarts.use([LineChart, PieChart, FunnelChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = echarts.ComposeOption<
  LineSeriesOption | PieSeriesOption | FunnelSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

/**
 * One chart filling its box: redrawn when the option changes, resized with the box (a keep-alive tab
 * coming back, the sidebar folding), disposed with the component.
 */
export default function EChart({ option, height, label }: { option: ChartOption; height: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const instance = echarts.init(el);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
