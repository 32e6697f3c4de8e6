import { Form, Select } from 'antd';
import { useBossAccountOptions } from './options';

interface Props {
  /** The 不能为空 message when the field is required; optional fields offer 全部账号 by clearing. */
  required?: string;
  placeholder: string;
  tooltip?: string;
}

/** 招聘账号 of a job or a template dialog. */
export default function AccountField({ required, placeholder, tooltip }: Props) {
  const { options } = useBossAccountOptions();
  return (
    <Form.Item label="招聘账号" name="accountId" tooltip={tooltip} rules={required ? [{ required: true, message: required }] : undefined}>
      <Select aria-label="招聘账号" allowClear={!required} showSearch={{ optionFilterProp: 'label' }} placeholder={placeholder} options={options} />
    </Form.Item>
  );
}

/** 招聘账号 of a tab's search bar. */
export function SearchAccount() {
  const { options } = useBossAccountOptions();
  return (
    <Form.Item label="招聘账号" name="accountId">
      <Select placeholder="全部账号" allowClear showSearch={{ optionFilterProp: 'label' }} options={options} style={{ width: 200 }} />
    </Form.Item>
  );
}
