import { Button, Form, Input, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';

export interface UserFilters {
  userName?: string;
  phonenumber?: string;
}

interface UserSearchFormProps {
  filters: UserFilters;
  onChange: (update: (f: UserFilters) => UserFilters) => void;
  onSearch: () => void;
  onReset: () => void;
}

/** 用户名称 / 手机号码 search of the 分配用户 page and the 选择用户 dialog; Enter searches. */
export default function UserSearchForm({ filters, onChange, onSearch, onReset }: UserSearchFormProps) {
  return (
    <Form layout="inline" style={{ rowGap: 12, marginBottom: 12 }} onFinish={onSearch}>
      <Form.Item label="用户名称">
        <Input
          placeholder="请输入用户名称"
          allowClear
          style={{ width: 200 }}
          value={filters.userName}
          onChange={(e) => onChange((f) => ({ ...f, userName: e.target.value }))}
          onPressEnter={onSearch}
        />
      </Form.Item>
      <Form.Item label="手机号码">
        <Input
          placeholder="请输入手机号码"
          allowClear
          style={{ width: 200 }}
          value={filters.phonenumber}
          onChange={(e) => onChange((f) => ({ ...f, phonenumber: e.target.value }))}
          onPressEnter={onSearch}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" icon={<SearchOutlined />} htmlType="submit">
            搜索
          </Button>
          <Button icon={<ReloadOutlined />} onClick={onReset}>
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
