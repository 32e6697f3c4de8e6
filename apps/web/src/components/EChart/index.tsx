import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import type { FunnelSeriesOption, GaugeSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts' core with what every chart here uses; each page registers its own chart types with
 * `registerCharts` in its lazily loaded charts module, so no page pulls another's. Import this module only
 * from such a lazy module: it is what keeps ECharts out of every other chunk.
 */
echarts.use([GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export const registerCharts: typeof echarts.use = (ext) => echarts.use(ext);

export type ChartOption = echarts.ComposeOption<
  | LineSeriesOption
  | PieSeriesOption
  | FunnelSeriesOption
  | GaugeSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
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
