import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { updateUserPwd } from '../../api/system/user';
import { PASSWORD_RULE_SESSION_KEY } from '../../stores/user';
import { toast } from '../../utils/feedback';
import { LABEL_COL, WRAPPER_COL } from './layout';
import { passwordFieldError, type PasswordField, type PasswordValues } from './rules';

interface PasswordFormProps {
  /** Runs after the server accepted the new password and 修改成功 was shown. */
  onSuccess?: () => void;
  onCancel: () => void;
  cancelText?: string;
}

const FIELDS: { name: PasswordField; label: string; placeholder: string }[] = [
  { name: 'oldPassword', label: '旧密码', placeholder: '请输入旧密码' },
  { name: 'newPassword', label: '新密码', placeholder: '请输入新密码' },
  { name: 'confirmPassword', label: '确认密码', placeholder: '请确认新密码' },
];

/** The change-password form shared by the navbar dialog and the personal centre. */
export default function PasswordForm({ onSuccess, onCancel, cancelText = '关闭' }: PasswordFormProps) {
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);

  const ruleFor = (name: PasswordField): Rule[] => [
    {
      required: true,
      validator: (_, _value) => {
        const error = passwordFieldError(name, form.getFieldsValue(), sessionStorage.getItem(PASSWORD_RULE_SESSION_KEY));
        return error ? Promise.reject(new Error(error)) : Promise.resolve();
      },
    },
  ];

  const submit = async (values: PasswordValues) => {
    setSaving(true);
    try {
      await updateUserPwd(values.oldPassword ?? '', values.newPassword ?? '');
      toast.success('修改成功');
      form.resetFields();
      onSuccess?.();
    } catch {
      // The request layer already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} labelCol={LABEL_COL} wrapperCol={WRAPPER_COL} validateTrigger="onBlur" onFinish={submit} autoComplete="off">
      {FIELDS.map((f) => (
        <Form.Item
          key={f.name}
          name={f.name}
          label={f.label}
          rules={ruleFor(f.name)}
          dependencies={f.name === 'confirmPassword' ? ['newPassword'] : undefined}
        >
          <Input.Password placeholder={f.placeholder} autoComplete={f.name === 'oldPassword' ? 'current-password' : 'new-password'} />
        </Form.Item>
      ))}
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
          <Button danger onClick={onCancel}>
            {cancelText}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
