import { useEffect, useState } from 'react';
import { Form } from 'antd';
import { roleMenuTreeselect, treeselect } from '../../../../api/system/menu';
import { addRole, getRole, updateRole, type RoleForm } from '../../../../api/system/role';
import type { TreeNode } from '../../../../types/api';
import { DictRadioField, FormDialog, OrderField, RemarkField, TextField } from '../../../../components/ListPage';
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
    <FormDialog
      form={form}
      open={open}
      saving={saving}
      title={editing ? '修改角色' : '添加角色'}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      labelWidth={100}
    >
      <TextField label="角色名称" name="roleName" required="角色名称不能为空" maxLength={30} />
      <TextField
        label="权限字符"
        name="roleKey"
        required="权限字符不能为空"
        maxLength={100}
        tooltip="控制器中定义的权限字符，如：@PreAuthorize(`@ss.hasRole('admin')`)"
      />
      <OrderField label="角色顺序" name="roleSort" required="角色顺序不能为空" />
      <DictRadioField label="状态" name="status" options={statusOptions} />
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
      <RemarkField />
    </FormDialog>
  );
}
