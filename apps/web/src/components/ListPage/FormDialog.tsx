import { useState, type ReactNode } from 'react';
import { Form, Modal, type ColProps, type FormInstance } from 'antd';
import type { AjaxResult } from '../../types/api';
import { toast } from '../../utils/feedback';
import { useFormName } from './formName';

export interface CrudApi<T> {
  get: (id: number) => Promise<AjaxResult<T>>;
  add: (data: T) => Promise<AjaxResult>;
  update: (data: T) => Promise<AjaxResult>;
}

interface FormDialogOptions<T> {
  /** Entity name in the titles: 添加<entity> / 修改<entity>. */
  entity: string;
  /** Values of a new record (status '0', sort 0 …). */
  defaults: Partial<T>;
  api: CrudApi<T>;
  /** After a successful save (reload the list, evict caches). */
  onSaved: (saved: T) => void;
}

/**
 * State of the add/edit dialog: 新增 opens it with the defaults, 修改 loads the record first;
 * 确 定 validates, POSTs or PUTs, toasts 新增成功/修改成功, closes and calls onSaved.
 */
export function useFormDialog<T extends object>({ entity, defaults, api, onSaved }: FormDialogOptions<T>) {
  const [form] = Form.useForm<T>();
  // What the form started from: the defaults (plus preset) of a new record, or the loaded record.
  // Saved values are laid over it, so fields without an input (ids, presets) travel too.
  const [base, setBase] = useState<{ values: Partial<T>; editing: boolean }>({ values: {}, editing: false });
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  const show = (values: Partial<T>, editing: boolean) => {
    form.resetFields();
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
    setBase({ values, editing });
    setOpen(true);
  };

  const openAdd = (preset: Partial<T> = {}) => show({ ...defaults, ...preset }, false);

  const openEdit = async (id: number) => {
    const res = await api.get(id);
    if (res.data) show(res.data, true);
  };

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const data = { ...base.values, ...values } as T;
      await (base.editing ? api.update(data) : api.add(data));
      toast.success(base.editing ? '修改成功' : '新增成功');
      setOpen(false);
      onSaved(data);
    } finally {
      setSaving(false);
    }
  };

  return {
    form,
    openAdd,
    // A failed load has been shown by the request layer; the dialog then stays closed.
    openEdit: (id: number) => void openEdit(id).catch((error: unknown) => console.warn(`加载${entity}失败`, error)),
    dialogProps: {
      form,
      open,
      saving,
      title: `${base.editing ? '修改' : '添加'}${entity}`,
      // The request layer has already shown the server's refusal; the dialog simply stays open.
      onOk: () => void submit().catch(() => undefined),
      onCancel: () => setOpen(false),
    },
  };
}

/** Labels of a dialog form: a fixed column beside the fields, above them on phones. */
export function dialogLabelCol(width: number): ColProps {
  return { xs: { span: 24 }, sm: { flex: `${width}px` } };
}

interface FormDialogProps<T> {
  form: FormInstance<T>;
  open: boolean;
  saving: boolean;
  title: string;
  onOk: () => void;
  onCancel: () => void;
  width?: number;
  /** Width of the label column; wide enough for the longest label (and its tooltip icon). */
  labelWidth?: number;
  children: ReactNode;
}

/** The add/edit dialog (500 px unless told) with 确 定 / 取 消; the form stays mounted so it can be filled before opening. */
export function FormDialog<T extends object>(props: FormDialogProps<T>) {
  const { form, open, saving, title, onOk, onCancel, width = 500, labelWidth = 90, children } = props;
  const name = useFormName('dialog');
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={saving}
      onOk={onOk}
      onCancel={onCancel}
      forceRender
      destroyOnHidden={false}
    >
      <Form form={form} name={name} labelCol={dialogLabelCol(labelWidth)} labelAlign="right" onFinish={onOk}>
        {children}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
