import { useEffect, useState } from 'react';
import { Col, Form, Input, Modal, Radio, Row, Select, Spin, TreeSelect } from 'antd';
import { passwordPolicyError } from '@acs/shared';
import {
  addUser,
  getUser,
  updateUser,
  type SysPostOption,
  type SysRoleOption,
  type UserForm,
} from '../../../api/system/user';
import { useDict } from '../../../hooks/useDict';
import type { TreeNode } from '../../../types/api';
import { PASSWORD_RULE_SESSION_KEY } from '../../../stores/user';
import { toast } from '../../../utils/feedback';

/** Screens §3.1: 11 digits starting 1 then 3–9. */
const PHONE = /^1[3-9]\d{9}$/;

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

/** The dialog offers enabled departments only; the side panel still shows disabled ones. */
const enabledDepts = (nodes: TreeNode[]): TreeOption[] =>
  nodes
    .filter((n) => !n.disabled)
    .map((n) => ({ value: n.id, title: n.label, children: n.children ? enabledDepts(n.children) : undefined }));

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
    const values = await form.validateFields();
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
        <Form form={form} labelCol={{ flex: '80px' }} autoComplete="off">
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="nickName" label="用户昵称" rules={[{ required: true, message: '用户昵称不能为空' }]}>
                <Input placeholder="请输入用户昵称" maxLength={30} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="deptId" label="归属部门">
                <TreeSelect treeData={enabledDepts(deptTree)} placeholder="请选择归属部门" allowClear treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="phonenumber" label="手机号码" rules={[{ pattern: PHONE, message: '请输入正确的手机号码' }]}>
                <Input placeholder="请输入手机号码" maxLength={11} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '请输入正确的邮箱地址' }]}>
                <Input placeholder="请输入邮箱" maxLength={50} />
              </Form.Item>
            </Col>
            {isAdd && (
              <>
                <Col span={12}>
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
                <Col span={12}>
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
            <Col span={12}>
              <Form.Item name="sex" label="用户性别">
                <Select placeholder="请选择" allowClear options={sexes.map((d) => ({ value: d.value, label: d.label }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="status" label="状态">
                <Radio.Group options={statuses.map((d) => ({ value: d.value, label: d.label }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="postIds" label="岗位">
                <Select
                  mode="multiple"
                  placeholder="请选择"
                  options={posts.map((p) => ({ value: p.postId, label: p.postName, disabled: p.status === '1' }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="roleIds" label="角色">
                <Select
                  mode="multiple"
                  placeholder="请选择"
                  options={roles.map((r) => ({ value: r.roleId, label: r.roleName, disabled: r.status === '1' }))}
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label="备注">
                <Input.TextArea placeholder="请输入内容" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
