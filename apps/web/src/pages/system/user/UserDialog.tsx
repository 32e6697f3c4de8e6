import { useEffect, useState } from 'react';
import { Col, Form, Input, Modal, Row, Select, Spin } from 'antd';
import { passwordPolicyError } from '@acs/shared';
import {
  addUser,
  getUser,
  updateUser,
  type SysPostOption,
  type SysRoleOption,
  type UserForm,
} from '../../../api/system/user';
import { dialogLabelCol, dictChoices, DictRadioField, EmailField, PhoneField, RemarkField, TextField, TreeSelectField } from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import type { TreeNode } from '../../../types/api';
import { PASSWORD_RULE_SESSION_KEY } from '../../../stores/user';
import { toast } from '../../../utils/feedback';

/** The dialog offers enabled departments only; the side panel still shows disabled ones. */
const enabledDepts = (nodes: TreeNode[]): TreeNode[] =>
  nodes.filter((n) => !n.disabled).map((n) => ({ ...n, children: n.children ? enabledDepts(n.children) : undefined }));

interface UserDialogProps {
  /** undefined: closed; null: add; a number: edit that user. */
  userId: number | null | undefined;
  deptTree: TreeNode[];
  initPassword: string;
  onClose: () => void;
  onSaved: () => void;
}

export default function UserDialog({ userId, deptTree, initPassword, onClose, onSaved }: UserDialogProps) {
  const [form] = Form.useForm<UserForm>();
  const { sys_user_sex: sexes = [], sys_normal_disable: statuses = [] } = useDict('sys_user_sex', 'sys_normal_disable');
  const [roles, setRoles] = useState<SysRoleOption[]>([]);
  const [posts, setPosts] = useState<SysPostOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const open = userId !== undefined;
  const isAdd = userId === null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setLoading(true);
    getUser(userId ?? undefined)
      .then((res) => {
        setRoles(res.roles);
        setPosts(res.posts);
        if (res.data) {
          const u = res.data;
          form.setFieldsValue({
            userId: u.userId,
            deptId: u.deptId,
            userName: u.userName,
            nickName: u.nickName,
            phonenumber: u.phonenumber,
            email: u.email,
            sex: u.sex,
            status: u.status,
            remark: u.remark ?? undefined,
            postIds: res.postIds ?? [],
            roleIds: res.roleIds ?? [],
          });
        } else {
          form.setFieldsValue({ password: initPassword, status: '0', postIds: [], roleIds: [] });
        }
      })
      .catch(onClose)
      .finally(() => setLoading(false));
    // Reload only when the dialog opens for another record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, userId]);

  const submit = async () => {
    // The whole record travels, as the RuoYi client sends it: 用户名称 has no input when editing
    // but the server still requires it.
    const values: UserForm = { ...form.getFieldsValue(true), ...(await form.validateFields()) };
    setSaving(true);
    try {
      if (isAdd) {
        await addUser(values);
        toast.success('新增成功');
      } else {
        await updateUser({ ...values, userId: userId ?? undefined });
        toast.success('修改成功');
      }
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  const chrtype = sessionStorage.getItem(PASSWORD_RULE_SESSION_KEY) ?? '0';

  return (
    <Modal
      open={open}
      title={isAdd ? '添加用户' : '修改用户'}
      width={600}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={loading}>
        <Form form={form} labelCol={dialogLabelCol(80)} autoComplete="off">
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <TextField label="用户昵称" name="nickName" required="用户昵称不能为空" maxLength={30} />
            </Col>
            <Col xs={24} sm={12}>
              <TreeSelectField
                label="归属部门"
                name="deptId"
                treeData={enabledDepts(deptTree)}
                labelKey="label"
                valueKey="id"
                placeholder="请选择归属部门"
                allowClear
              />
            </Col>
            <Col xs={24} sm={12}>
              <PhoneField />
            </Col>
            <Col xs={24} sm={12}>
              <EmailField />
            </Col>
            {isAdd && (
              <>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="userName"
                    label="用户名称"
                    rules={[
                      { required: true, message: '用户名称不能为空' },
                      { min: 2, max: 20, message: '用户名称长度必须介于 2 和 20 之间' },
                    ]}
                  >
                    <Input placeholder="请输入用户名称" maxLength={30} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="password"
                    label="用户密码"
                    required
                    rules={[
                      {
                        validator: (_rule, value: string | undefined) => {
                          const message = passwordPolicyError(value, chrtype);
                          return message ? Promise.reject(new Error(message)) : Promise.resolve();
                        },
                      },
                    ]}
                  >
                    <Input.Password placeholder="请输入用户密码" maxLength={20} autoComplete="new-password" />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col xs={24} sm={12}>
              <Form.Item name="sex" label="用户性别">
                <Select placeholder="请选择" allowClear options={dictChoices(sexes)} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <DictRadioField label="状态" name="status" options={statuses} />
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="postIds" label="岗位">
                <Select
                  mode="multiple"
                  placeholder="请选择"
                  options={posts.map((p) => ({ value: p.postId, label: p.postName, disabled: p.status === '1' }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="roleIds" label="角色">
                <Select
                  mode="multiple"
                  placeholder="请选择"
                  options={roles.map((r) => ({ value: r.roleId, label: r.roleName, disabled: r.status === '1' }))}
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <RemarkField />
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
