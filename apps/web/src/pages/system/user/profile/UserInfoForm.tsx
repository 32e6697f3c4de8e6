import { useEffect, useState } from 'react';
import { Button, Form, Input, Radio, Space } from 'antd';
import { updateUserProfile, type ProfileForm } from '../../../../api/system/user';
import { useUserStore } from '../../../../stores/user';
import { toast } from '../../../../utils/feedback';
import { EmailField, PhoneField } from '../../../../components/ListPage';
import { LABEL_COL, WRAPPER_COL } from '../../../../components/PasswordForm/layout';

interface UserInfoFormProps {
  initial: ProfileForm;
  onSaved: (form: ProfileForm) => void;
  onClose: () => void;
}

/** 基本资料: nick name, phone, email and sex of the signed-in user. */
export default function UserInfoForm({ initial, onSaved, onClose }: UserInfoFormProps) {
  const [form] = Form.useForm<ProfileForm>();
  const [saving, setSaving] = useState(false);
  const setNickName = useUserStore((s) => s.setNickName);

  useEffect(() => form.setFieldsValue(initial), [form, initial]);

  const submit = async (values: ProfileForm) => {
    setSaving(true);
    try {
      await updateUserProfile(values);
      toast.success('修改成功');
      setNickName(values.nickName);
      onSaved(values);
    } catch {
      // The request layer already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} labelCol={LABEL_COL} wrapperCol={WRAPPER_COL} initialValues={initial} onFinish={submit}>
      <Form.Item name="nickName" label="用户昵称" rules={[{ required: true, whitespace: true, message: '用户昵称不能为空' }]}>
        <Input maxLength={30} />
      </Form.Item>
      <PhoneField required="手机号码不能为空" />
      <EmailField required="邮箱地址不能为空" />
      <Form.Item name="sex" label="性别">
        <Radio.Group>
          <Radio value="0">男</Radio>
          <Radio value="1">女</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
          <Button danger onClick={onClose}>
            关闭
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
