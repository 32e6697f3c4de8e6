import { Input, InputNumber, Select, Space, Typography } from 'antd';
import { formatInvokeTarget, INVOKE_TARGET_MAX, type JobArgValue, type JobParamDescriptor, type JobTargetDescriptor } from '@acs/shared/job';
import { targetSelection } from './invokeTarget';

interface ParamInputProps {
  param: JobParamDescriptor;
  value: JobArgValue;
  onChange: (value: JobArgValue) => void;
}

const TYPE_LABELS: Record<JobParamDescriptor['type'], string> = {
  String: '字符串',
  Boolean: '布尔',
  Long: '长整型',
  Double: '浮点型',
  Integer: '整型',
};

/** One typed parameter of the chosen target. */
function ParamInput({ param, value, onChange }: ParamInputProps) {
  const type = TYPE_LABELS[param.type];
  const label = param.label === type ? type : `${param.label}（${type}）`;
  let input;
  if (param.type === 'String') {
    input = <Input aria-label={param.label} size="small" value={String(value)} style={{ width: 140 }} onChange={(e) => onChange(e.target.value)} />;
  } else if (param.type === 'Boolean') {
    input = (
      <Select
        aria-label={param.label}
        size="small"
        value={String(value)}
        options={[
          { label: 'true', value: 'true' },
          { label: 'false', value: 'false' },
        ]}
        style={{ width: 90 }}
        onChange={(v) => onChange(v === 'true')}
      />
    );
  } else {
    input = (
      <InputNumber
        aria-label={param.label}
        size="small"
        value={Number(value)}
        min={param.min}
        max={param.max}
        precision={param.type === 'Double' ? undefined : 0}
        style={{ width: 120 }}
        onChange={(v) => {
          if (typeof v === 'number') onChange(v);
        }}
      />
    );
  }
  return (
    <Space size={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {input}
    </Space>
  );
}

interface InvokeTargetInputProps {
  /** Given by Form.Item, so the field's label points at the text box. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  targets: JobTargetDescriptor[];
  loading?: boolean;
}

/**
 * 调用目标字符串: pick a registered target and fill its typed parameters (the text is written for you), or
 * type the text as RuoYi clients do; the server decides either way.
 */
export default function InvokeTargetInput({ id, value = '', onChange, targets, loading }: InvokeTargetInputProps) {
  const { target, values } = targetSelection(value, targets);
  const setParam = (chosen: JobTargetDescriptor, index: number, v: JobArgValue) =>
    onChange?.(formatInvokeTarget(chosen.name, chosen.params, values.map((old, i) => (i === index ? v : old))));

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Select
        aria-label="选择调用目标"
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        placeholder="从可调用的目标中选择，或在下方直接输入"
        value={target?.name}
        options={targets.map((t) => ({ value: t.name, label: `${t.label}（${t.name}）` }))}
        onChange={(name: string) => {
          const chosen = targets.find((t) => t.name === name);
          if (chosen) onChange?.(chosen.example);
        }}
      />
      {target && (
        <>
          <Typography.Text type="secondary">{target.description}</Typography.Text>
          {target.params.length > 0 && (
            <Space wrap size={[12, 8]}>
              {target.params.map((p, i) => (
                <ParamInput key={p.name} param={p} value={values[i]} onChange={(v) => setParam(target, i, v)} />
              ))}
            </Space>
          )}
        </>
      )}
      <Input
        id={id}
        value={value}
        maxLength={INVOKE_TARGET_MAX}
        spellCheck={false}
        placeholder="请输入调用目标字符串"
        onChange={(e) => onChange?.(e.target.value)}
      />
    </div>
  );
}
