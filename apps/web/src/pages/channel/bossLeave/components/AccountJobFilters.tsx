import { Form, Select } from 'antd';
import { useBossAccountOptions, useBossJobOptions } from '../../bossZP/components/options';

const FILTER_WIDTH = 200;

/**
 * 招聘账号 and 职位 of the search bar; the jobs follow the chosen account, and changing the account drops
 * a job of the old one. Hidden for those who may not list the accounts.
 */
export default function AccountJobFilters() {
  const form = Form.useFormInstance();
  const accountId = Form.useWatch<number | undefined>('accountId', form);
  const accounts = useBossAccountOptions();
  const jobs = useBossJobOptions(accountId);
  if (!accounts.allowed) return null;
  return (
    <>
      <Form.Item label="招聘账号" name="accountId">
        <Select
          placeholder="全部账号"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={accounts.options}
          onChange={() => form.setFieldValue('jobId', undefined)}
          style={{ width: FILTER_WIDTH }}
        />
      </Form.Item>
      <Form.Item label="职位" name="jobId">
        <Select placeholder="全部职位" allowClear showSearch={{ optionFilterProp: 'label' }} options={jobs} style={{ width: FILTER_WIDTH }} />
      </Form.Item>
    </>
  );
}
