import type { ReactNode } from 'react';
import { Button, DatePicker, Form, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useFormName } from './formName';
import type { ListPageState } from './types';

interface SearchBarProps<Filters extends object> {
  list: Pick<ListPageState<unknown, Filters>, 'search' | 'reset' | 'setDateRange' | 'showSearch'>;
  initialValues: Filters;
  /** Adds the 创建时间 range, sent as params[beginTime]/params[endTime]. */
  withDateRange?: boolean;
  /**
   * The range (a `dateRange` field) goes out as whole days with their times, `YYYY-MM-DD 00:00:00` to
   * `YYYY-MM-DD 23:59:59`: the log lists compare exact times, not days.
   */
  dateRangeWithTimes?: boolean;
  children: ReactNode;
}

type DraftValues<Filters> = Filters & { dateRange?: [Dayjs, Dayjs] | null };

/**
 * The inline search form of a list page. Fields are a draft: only 搜索 (or Enter in a field) applies
 * them, on page 1; 重置 restores the initial values. Hidden rather than unmounted, so the draft
 * survives 隐藏搜索.
 */
export default function SearchBar<Filters extends object>({ list, initialValues, withDateRange, dateRangeWithTimes, children }: SearchBarProps<Filters>) {
  const [form] = Form.useForm<DraftValues<Filters>>();
  const name = useFormName('search');

  const apply = (values: DraftValues<Filters>) => {
    const { dateRange, ...filters } = values;
    const [begin, end] = dateRangeWithTimes ? ['YYYY-MM-DD 00:00:00', 'YYYY-MM-DD 23:59:59'] : ['YYYY-MM-DD', 'YYYY-MM-DD'];
    list.setDateRange(dateRange ? [dateRange[0].format(begin), dateRange[1].format(end)] : []);
    list.search(filters as Partial<Filters>);
  };

  const reset = () => {
    form.resetFields();
    list.reset();
  };

  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      initialValues={initialValues}
      onFinish={apply}
      hidden={!list.showSearch}
      style={{ rowGap: 12, marginBottom: 12 }}
      aria-label="搜索条件"
    >
      {children}
      {withDateRange && (
        <Form.Item label="创建时间" name="dateRange">
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: 240 }} />
        </Form.Item>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
