import { Form, Input, InputNumber, Radio, Select, type FormInstance } from 'antd';
import {
  VARIABLE_KEY_PATTERN,
  VARIABLE_SCOPE_LABELS,
  VARIABLE_SCOPES,
  VARIABLE_SYSTEM_KEYS,
  VARIABLE_TYPE_LABELS,
  VARIABLE_TYPES,
} from '@acs/shared';
import type { Variable } from '../../../../api/ai/variable';
import { DictRadioField, RemarkField, TextField } from '../../../../components/ListPage';
import type { DictOption } from '../../../../hooks/useDict';
import OptionsEditor from './OptionsEditor';
import { useAgentOptions } from './useAgentOptions';
import ValueInput from './ValueInput';
import { patternError, valueRule } from './valueRules';

const TYPES = VARIABLE_TYPES.map((value) => ({ value, label: VARIABLE_TYPE_LABELS[value] }));
const SCOPES = VARIABLE_SCOPES.map((value) => ({ value, label: VARIABLE_SCOPE_LABELS[value] }));

/** The fields of the 变量 dialog; the default value's input and check follow the chosen type. */
export default function VariableFields({ form, statuses }: { form: FormInstance<Variable>; statuses: DictOption[] }) {
  const varType = Form.useWatch('varType', form) ?? 'text';
  const scope = Form.useWatch('scope', form);
  const agents = useAgentOptions(scope === 'agent');
  const options = Form.useWatch('options', form) ?? [];
  const pattern = Form.useWatch('pattern', form) ?? '';
  const patternHint = Form.useWatch('patternHint', form) ?? '';
  const shape = { varType, options: options.filter(Boolean), pattern, patternHint };

  return (
    <>
      <Form.Item
        label="变量键"
        name="varKey"
        tooltip="在文本中写作 {{变量键}}"
        rules={[
          { required: true, whitespace: true, message: '变量键不能为空' },
          { pattern: VARIABLE_KEY_PATTERN, message: '变量键只能以字母开头，由字母、数字、下划线或点组成' },
          {
            validator: async (_r, v: string) => {
              if (v && v in VARIABLE_SYSTEM_KEYS) throw new Error(`"${v}"是系统变量，不能使用`);
            },
          },
        ]}
      >
        <Input placeholder="例如：company_phone" maxLength={64} />
      </Form.Item>
      <TextField label="变量名称" name="label" required="变量名称不能为空" maxLength={50} />
      <Form.Item label="类型" name="varType" rules={[{ required: true, message: '请选择类型' }]}>
        <Select options={TYPES} onChange={() => form.setFieldValue('defaultValue', '')} />
      </Form.Item>
      {varType === 'select' && (
        <Form.Item label="选项" required>
          <OptionsEditor />
        </Form.Item>
      )}
      <Form.Item label="作用范围" name="scope">
        <Radio.Group options={SCOPES} />
      </Form.Item>
      {scope === 'agent' && (
        <Form.Item label="所属客服" name="agentId" rules={[{ required: true, message: '客服专属变量请选择所属客服' }]}>
          <Select options={agents} showSearch optionFilterProp="label" placeholder="请选择客服" />
        </Form.Item>
      )}
      <Form.Item label="默认值" name="defaultValue" dependencies={['varType', 'options', 'pattern', 'patternHint']} rules={[valueRule(shape)]}>
        <ValueInput shape={shape} label="默认值" />
      </Form.Item>
      <Form.Item label="兜底值" name="fallback" tooltip="变量没有值时显示的文字" rules={[{ max: 500, message: '兜底文本长度不能超过500个字符' }]}>
        <Input placeholder="例如：客服热线" maxLength={500} />
      </Form.Item>
      <Form.Item
        label="校验正则"
        name="pattern"
        rules={[
          {
            validator: async (_r, v: string) => {
              const error = patternError(v);
              if (error) throw new Error(error);
            },
          },
        ]}
      >
        <Input placeholder="可选，例如：^\d{4}$" maxLength={200} />
      </Form.Item>
      <TextField label="校验提示" name="patternHint" placeholder="不符合校验正则时的提示" maxLength={100} />
      <Form.Item label="显示顺序" name="sort">
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <DictRadioField label="状态" name="status" options={statuses} />
      <RemarkField />
    </>
  );
}
