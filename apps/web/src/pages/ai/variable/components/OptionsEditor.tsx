import { Button, Form, Input, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';

const MAX_OPTIONS = 50;

/** The options of a 选项 variable: name shown and value stored, at least one. */
export default function OptionsEditor() {
  return (
    <Form.List
      name="options"
      rules={[
        {
          validator: async (_r, options: unknown[] | undefined) => {
            if (!options || options.length === 0) throw new Error('选项类型的变量至少需要一个选项');
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
              <Form.Item name={[field.name, 'label']} style={{ marginBottom: 8 }} rules={[{ required: true, whitespace: true, message: '选项名称不能为空' }]}>
                <Input aria-label={`选项${index + 1}名称`} placeholder="名称" maxLength={50} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'value']}
                style={{ marginBottom: 8 }}
                dependencies={fields.map((f) => ['options', f.name, 'value'])}
                rules={[
                  { required: true, whitespace: true, message: '选项值不能为空' },
                  ({ getFieldValue }) => ({
                    validator: async (_r, value: string) => {
                      const all = (getFieldValue('options') as { value?: string }[]).map((o) => o?.value);
                      if (value && all.filter((v) => v === value).length > 1) throw new Error('选项值不能重复');
                    },
                  }),
                ]}
              >
                <Input aria-label={`选项${index + 1}值`} placeholder="值" maxLength={100} />
              </Form.Item>
              <Button type="text" size="small" icon={<MinusCircleOutlined />} aria-label={`删除选项${index + 1}`} onClick={() => remove(field.name)} />
            </Space>
          ))}
          <Button type="dashed" size="small" icon={<PlusOutlined />} disabled={fields.length >= MAX_OPTIONS} onClick={() => add({ label: '', value: '' })}>
            添加选项
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}
