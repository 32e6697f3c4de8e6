import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Modal, Radio, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { roleMenuTreeselect, treeselect } from '../../../../api/system/menu';
import { addRole, getRole, updateRole, type RoleForm } from '../../../../api/system/role';
import type { TreeNode } from '../../../../types/api';
import { useDict } from '../../../../hooks/useDict';
import { toast } from '../../../../utils/feedback';
import CheckTree from './CheckTree';
import { conduct, submittedKeys } from './treeKeys';

interface RoleDialogProps {
  /** null: closed; 0: add; otherwise the role being edited. */
  roleId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

type Fields = Pick<RoleForm, 'roleName' | 'roleKey' | 'roleSort' | 'status' | 'remark'>;

const EMPTY: Fields = { roleName: '', roleKey: '', roleSort: 0, status: '0', remark: '' };

/** 添加角色 / 修改角色 with the 菜单权限 tree. */
export default function RoleDialog({ roleId, onClose, onSaved }: RoleDialogProps) {
  const [form] = Form.useForm<Fields>();
  const { sys_normal_disable: statusOptions } = useDict('sys_normal_disable');
  const [menus, setMenus] = useState<TreeNode[]>([]);
  const [checked, setChecked] = useState<number[]>([]);
  const [linked, setLinked] = useState(true);
  const [deptLinked, setDeptLinked] = useState(true);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const open = roleId !== null;
  const editing = Boolean(roleId);

  useEffect(() => {
    if (roleId === null) return;
    let live = true;
    setMenus([]);
    setChecked([]);
    setLinked(true);
    setDeptLinked(true);
    form.setFieldsValue(EMPTY);
    setLoading(true);
    const load = async () => {
      if (!roleId) {
        const tree = await treeselect();
        if (live) setMenus(tree.data ?? []);
        return;
      }
      const [role, tree] = await Promise.all([getRole(roleId), roleMenuTreeselect(roleId)]);
      if (!live || !role.data) return;
      const r = role.data;
      form.setFieldsValue({ roleName: r.roleName, roleKey: r.roleKey, roleSort: r.roleSort, status: r.status, remark: r.remark ?? '' });
      setLinked(r.menuCheckStrictly);
      setDeptLinked(r.deptCheckStrictly);
      setMenus(tree.menus);
      setChecked(r.menuCheckStrictly ? conduct(tree.menus, tree.checkedKeys).checked : tree.checkedKeys);
    };
    load()
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [roleId, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const body: RoleForm = {
      ...values,
      roleId: roleId || undefined,
      menuIds: submittedKeys(menus, checked, linked),
      menuCheckStrictly: linked,
      deptCheckStrictly: deptLinked,
    };
    setSaving(true);
    try {
      if (editing) await updateRole(body);
      else await addRole(body);
      toast.success(editing ? '修改成功' : '新增成功');
      onSaved();
    } catch {
      // The request layer already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={editing ? '修改角色' : '添加角色'}
      open={open}
      width={500}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} labelCol={{ flex: '100px' }} initialValues={EMPTY}>
        <Form.Item name="roleName" label="角色名称" rules={[{ required: true, whitespace: true, message: '角色名称不能为空' }]}>
          <Input placeholder="请输入角色名称" maxLength={30} />
        </Form.Item>
        <Form.Item
          name="roleKey"
          label={
            <span>
              <Tooltip title="控制器中定义的权限字符，如：@PreAuthorize(`@ss.hasRole('admin')`)">
                <QuestionCircleOutlined style={{ marginRight: 4 }} />
              </Tooltip>
              权限字符
            </span>
          }
          rules={[{ required: true, whitespace: true, message: '权限字符不能为空' }]}
        >
          <Input placeholder="请输入权限字符" maxLength={100} />
        </Form.Item>
        <Form.Item name="roleSort" label="角色顺序" rules={[{ required: true, message: '角色顺序不能为空' }]}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group options={statusOptions.map((o) => ({ label: o.label, value: o.value }))} />
        </Form.Item>
        <Form.Item label="菜单权限">
          <CheckTree
            name="菜单权限"
            treeData={menus}
            loading={loading}
            checked={checked}
            onCheckedChange={setChecked}
            linked={linked}
            onLinkedChange={setLinked}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea placeholder="请输入内容" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
