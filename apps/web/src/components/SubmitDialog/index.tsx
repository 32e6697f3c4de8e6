import { useState, type ReactNode } from 'react';
import { Modal, type FormInstance } from 'antd';

interface Props<T> {
  form: FormInstance<T>;
  title: string;
  width: number;
  /** Saves the validated values; the dialog shows 确 定 loading meanwhile. */
  onSubmit: (values: T) => Promise<void>;
  onClose: () => void;
  /** The form. */
  children: ReactNode;
}

/**
 * A dialog that is open while mounted, whose 确 定 validates the form and saves it. A refused form, or a save the
 * server refused (the request layer has shown why), keeps it open to correct.
 */
export default function SubmitDialog<T>({ form, title, width, onSubmit, onClose, children }: Props<T>) {
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(values);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={width}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
