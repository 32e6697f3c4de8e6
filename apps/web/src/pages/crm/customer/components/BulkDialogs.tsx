import { useState } from 'react';
import { Form, Modal, Radio, Select, Typography } from 'antd';
import { changeCustomerOwner, tagCustomers } from '../../../../api/crm/customer';
import { dialogLabelCol } from '../../../../components/ListPage';
import { useFormName } from '../../../../components/ListPage/formName';
import { toast } from '../../../../utils/feedback';
import StaffSelect from '../../components/StaffSelect';
import { cleanTags, tagsRule } from './contactRules';

interface BulkDialogProps {
  customerIds: number[];
  onClose: () => void;
  onDone: () => void;
}

/**
 * A dialog of a bulk action over the selected customers: validates, sends, toasts its success text,
 * then closes and reloads. A refusal has been shown by the request layer and leaves the dialog open.
 */
function useBulkSubmit<Values>(form: ReturnType<typeof Form.useForm<Values>>[0], send: (values: Values) => Promise<unknown>, success: (values: Values) => string, { onClose, onDone }: BulkDialogProps) {
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await send(values);
      toast.success(success(values));
      onClose();
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return { saving, onOk: () => void submit().catch(() => undefined) };
}

interface TagValues {
  mode: 'add' | 'remove';
  tags: string[];
}

/** 批量打标签: add tags to, or remove them from, every selected customer. */
export function BulkTagDialog(props: BulkDialogProps & { tagOptions: string[] }) {
  const [form] = Form.useForm<TagValues>();
  const formName = useFormName('bulkTags');
  const { saving, onOk } = useBulkSubmit(
    form,
    (v) => tagCustomers({ customerIds: props.customerIds, tags: cleanTags(v.tags), mode: v.mode }),
    (v) => (v.mode === 'add' ? '添加标签成功' : '移除标签成功'),
    props,
  );
  return (
    <Modal open title="批量打标签" width={480} okText="确 定" cancelText="取 消" confirmLoading={saving} onOk={onOk} onCancel={props.onClose}>
      <Typography.Paragraph type="secondary">已选择 {props.customerIds.length} 个客户</Typography.Paragraph>
      <Form form={form} name={formName} labelCol={dialogLabelCol(70)} initialValues={{ mode: 'add', tags: [] }}>
        <Form.Item label="操作" name="mode">
          <Radio.Group
            options={[
              { value: 'add', label: '添加标签' },
              { value: 'remove', label: '移除标签' },
            ]}
          />
        </Form.Item>
        <Form.Item label="标签" name="tags" rules={[{ required: true, type: 'array', min: 1, message: '请填写标签' }, tagsRule]}>
          <Select mode="tags" placeholder="输入后回车添加标签" tokenSeparators={[',', '，']} options={props.tagOptions.map((t) => ({ value: t, label: t }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface OwnerValues {
  ownerId: number | null;
}

/** 更换负责人: one owner for every selected customer, or none (back to the pool). */
export function BulkOwnerDialog(props: BulkDialogProps) {
  const [form] = Form.useForm<OwnerValues>();
  const formName = useFormName('bulkOwner');
  const { saving, onOk } = useBulkSubmit(
    form,
    (v) => changeCustomerOwner({ customerIds: props.customerIds, ownerId: v.ownerId ?? null }),
    () => '更换负责人成功',
    props,
  );
  return (
    <Modal open title="更换负责人" width={480} okText="确 定" cancelText="取 消" confirmLoading={saving} onOk={onOk} onCancel={props.onClose}>
      <Typography.Paragraph type="secondary">已选择 {props.customerIds.length} 个客户；不选择负责人则放回公海。</Typography.Paragraph>
      <Form form={form} name={formName} labelCol={dialogLabelCol(70)} initialValues={{ ownerId: null }}>
        <Form.Item label="负责人" name="ownerId">
          <StaffSelect aria-label="负责人" placeholder="不选择则放回公海" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
