import { useMemo, useState } from 'react';
import { Button, Col, Divider, Form, Modal, Row } from 'antd';
import { allFields, type DesignItem, type FieldItem, type FormDesign } from '../model/design';
import { KINDS } from '../model/kinds';
import { fieldRule, toZod, zodRule } from '../model/rules';
import FieldControl from './FieldControl';

function PreviewField({ field }: { field: FieldItem }) {
  const rule = fieldRule(field);
  const rules = useMemo(() => [zodRule(toZod(fieldRule(field)))], [field]);
  const valueProp = KINDS[field.kind].valueProp;
  return (
    <Col span={field.span}>
      <Form.Item
        label={field.label}
        name={field.field}
        required={rule.required !== undefined}
        rules={rules}
        valuePropName={valueProp}
        getValueFromEvent={valueProp === 'fileList' ? (e: { fileList: unknown[] }) => e.fileList : undefined}
      >
        <FieldControl field={field} />
      </Form.Item>
    </Col>
  );
}

function PreviewItem({ item }: { item: DesignItem }) {
  if (item.kind === 'divider')
    return (
      <Col span={24}>
        <Divider>{item.label}</Divider>
      </Col>
    );
  if (item.kind === 'row')
    return (
      <Col span={24}>
        <Row gutter={item.gutter}>
          {item.children.map((child) => (
            <PreviewField key={child.id} field={child} />
          ))}
        </Row>
      </Col>
    );
  return <PreviewField field={item} />;
}

/** The designed form, live: it checks what is entered with the same rules the exported code has. */
export default function PreviewDialog({ design, onClose }: { design: FormDesign; onClose: () => void }) {
  const [form] = Form.useForm();
  const [submitted, setSubmitted] = useState<string>();
  const initialValues = Object.fromEntries(allFields(design.items).flatMap((f) => (f.defaultValue === undefined ? [] : [[f.field, f.defaultValue]])));
  const labelCol = design.layout === 'horizontal' ? { style: { width: design.labelWidth, flex: `0 0 ${design.labelWidth}px` } } : undefined;
  return (
    <Modal open title="表单预览" width={860} onCancel={onClose} footer={null} destroyOnHidden>
      <Form form={form} layout={design.layout} labelCol={labelCol} initialValues={initialValues} onFinish={(values) => setSubmitted(JSON.stringify(values, null, 2))}>
        <Row gutter={design.gutter}>
          {design.items.map((item) => (
            <PreviewItem key={item.id} item={item} />
          ))}
        </Row>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            提交
          </Button>
          <Button
            style={{ marginLeft: 8 }}
            onClick={() => {
              form.resetFields();
              setSubmitted(undefined);
            }}
          >
            重置
          </Button>
        </Form.Item>
      </Form>
      {submitted && (
        <div className="fb-preview-result" role="status">
          <strong>校验通过，提交的数据：</strong>
          <pre>{submitted}</pre>
        </div>
      )}
    </Modal>
  );
}
