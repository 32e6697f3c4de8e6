import type { ReactNode } from 'react';
import { Input, InputNumber, Radio, Select } from 'antd';
import { fieldSpec, WEEKDAYS, type FieldKey, type FieldState, type Mode } from './cronState';

interface FieldTabProps {
  field: FieldKey;
  value: FieldState;
  onChange: (next: FieldState) => void;
}

/** The wildcards each field allows, shown on its first choice as RuoYi's builder does. */
const WILDCARDS: Record<FieldKey, string> = {
  second: ', - * /',
  minute: ', - * /',
  hour: ', - * /',
  day: ', - * ? / L W',
  month: ', - * /',
  week: ', - * ? / L #',
  year: ', - * /',
};

/** Unit after a number (从 5 秒开始 …); the day of the month reads 号 where it is a date. */
const UNIT: Record<FieldKey, string> = { second: '秒', minute: '分钟', hour: '时', day: '日', month: '月', week: '', year: '年' };

const WEEKDAY_OPTIONS = WEEKDAYS.map((label, i) => ({ label, value: i + 1 }));

/** One tab of the builder (秒 … 年): a radio list whose inputs also pick their own choice when edited. */
export default function FieldTab({ field, value, onChange }: FieldTabProps) {
  const spec = fieldSpec(field);
  const unit = UNIT[field];
  const set = (mode: Mode, patch: Partial<FieldState> = {}) => onChange({ ...value, ...patch, mode });
  const num = (label: string, n: number, min: number, max: number, apply: (v: number) => void) => (
    <InputNumber
      aria-label={label}
      size="small"
      min={min}
      max={max}
      precision={0}
      value={n}
      style={{ width: field === 'year' ? 90 : 72 }}
      onChange={(v) => {
        if (typeof v === 'number') apply(v);
      }}
    />
  );
  const weekday = (label: string, n: number, apply: (v: number) => void) => (
    <Select aria-label={label} size="small" value={n} options={WEEKDAY_OPTIONS} style={{ width: 100 }} onChange={apply} />
  );
  const specificOptions =
    field === 'week'
      ? WEEKDAY_OPTIONS
      : Array.from({ length: spec.max - spec.min + 1 }, (_, i) => ({ label: String(spec.min + i), value: spec.min + i }));

  // Inputs sit beside their radio, not inside its label: a click in them must not move the focus to the radio.
  const choices: Record<Mode, [string, ReactNode?]> = {
    every: [field === 'year' ? '每年' : `${spec.label}，允许的通配符[${WILDCARDS[field]}]`],
    none: ['不指定'],
    empty: [`不填，允许的通配符[${WILDCARDS[field]}]`],
    range: [
      '周期从',
      <>
        {field === 'week'
          ? weekday('周期起始星期', value.range[0], (v) => set('range', { range: [v, value.range[1]] }))
          : num(`周期起始${spec.label}`, value.range[0], spec.min, spec.max, (v) => set('range', { range: [v, value.range[1]] }))}
        -
        {field === 'week'
          ? weekday('周期结束星期', value.range[1], (v) => set('range', { range: [value.range[0], v] }))
          : num(`周期结束${spec.label}`, value.range[1], spec.min, spec.max, (v) => set('range', { range: [value.range[0], v] }))}
        {unit}
      </>,
    ],
    step: [
      '从',
      <>
        {num(`起始${spec.label}`, value.step[0], spec.min, spec.max, (v) => set('step', { step: [v, value.step[1]] }))}
        {field === 'day' ? '号' : unit}开始，每
        {num(`间隔${spec.label}`, value.step[1], 1, field === 'year' ? 100 : spec.max, (v) => set('step', { step: [value.step[0], v] }))}
        {unit}执行一次
      </>,
    ],
    workday: ['每月', <>{num('工作日最近的日期', value.workday, 1, 31, (v) => set('workday', { workday: v }))}号最近的那个工作日</>],
    last:
      field === 'week'
        ? ['本月最后一个', weekday('最后一个星期几', value.lastWeekday, (v) => set('last', { lastWeekday: v }))]
        : ['本月最后一天'],
    nth: [
      '第',
      <>
        {num('第几周', value.nth[0], 1, 5, (v) => set('nth', { nth: [v, value.nth[1]] }))}周的
        {weekday('第几周的星期几', value.nth[1], (v) => set('nth', { nth: [value.nth[0], v] }))}
      </>,
    ],
    specific: [
      '指定',
      <Select
        aria-label={`指定${spec.label}`}
        mode="multiple"
        size="small"
        placeholder="可多选"
        maxCount={spec.maxSpecific}
        value={value.specific}
        options={specificOptions}
        status={value.mode === 'specific' && value.specific.length === 0 ? 'error' : undefined}
        style={{ minWidth: 240, maxWidth: 480 }}
        onChange={(v: number[]) => set('specific', { specific: v })}
      />,
    ],
    custom: [
      '其他写法',
      <Input
        aria-label={`${spec.label}的表达式`}
        size="small"
        value={value.custom}
        placeholder={field === 'day' ? '如 LW、L-2' : '如 1-30/5'}
        style={{ width: 160 }}
        onChange={(e) => set('custom', { custom: e.target.value })}
      />,
    ],
  };

  return (
    <Radio.Group
      name={`cron-${field}`}
      aria-label={`${spec.label}的规则`}
      value={value.mode}
      onChange={(e) => set(e.target.value as Mode)}
      style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
    >
      {spec.modes.map((mode) => {
        const [label, inputs] = choices[mode];
        return (
          <div key={mode} className="crontab-choice">
            <Radio value={mode} style={{ marginInlineEnd: 0 }}>
              {label}
            </Radio>
            {inputs}
          </div>
        );
      })}
    </Radio.Group>
  );
}
