import { useEffect, useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { passwordPolicyError } from '@acs/shared';
import { resetUserPwd } from '../../../api/system/user';
import { toast } from '../../../utils/feedback';

interface ResetPwdDialogProps {
  user: { userId: number; userName: string } | undefined;
  onClose: () => void;
}

/** The 重置密码 prompt: the length and illegal-character rule (always type 0, as upstream). */
export default function ResetPwdDialog({ user, onClose }: ResetPwdDialogProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setValue('');
    setError(null);
  }, [user]);

  const submit = async () => {
    const message = passwordPolicyError(value, '0');
    setError(message);
    if (message || !user) return;
    setSaving(true);
    try {
      await resetUserPwd(user.userId, value);
      toast.success(`修改成功，新密码是：${value}`);
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={user !== undefined}
      title="重置密码"
      maskClosable={false}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>请输入「{user?.userName}」的新密码</p>
      <Input.Password
        aria-label="新密码"
        value={value}
        status={error ? 'error' : undefined}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={() => void submit().catch(() => undefined)}
        autoComplete="new-password"
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}
