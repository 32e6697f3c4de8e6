import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { dataScope, deptTreeSelect, getRole, type Role } from '../../../../api/system/role';
import type { TreeNode } from '../../../../types/api';
import { toast } from '../../../../utils/feedback';
import { dialogLabelCol } from '../../../../components/ListPage';
import CheckTree from './CheckTree';
import { conduct, submittedKeys } from './treeKeys';

/** Custom scope: the departments ticked in the tree. */
const CUSTOM = '2';

export const DATA_SCOPE_OPTIONS = [
  { value: '1', label: '全部数据权限' },
  { value: '2', label: '自定数据权限' },
  { value: '3', label: '本部门数据权限' },
  { value: '4', label: '本部门及以下数据权限' },
  { value: '5', label: '仅本人数据权限' },
];

interface DataScopeDialogProps {
  /** null: closed. */
  roleId: number | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 分配数据权限: the role's scope level and, for the custom level, its departments. */
export default function DataScopeDialog({ roleId, onClose, onSaved }: DataScopeDialogProps) {
  const [role, setRole] = useState<Role | null>(null);
  const [scope, setScope] = useState('1');
  const [depts, setDepts] = useState<TreeNode[]>([]);
  const [checked, setChecked] = useState<number[]>([]);
  const [linked, setLinked] = useState(true);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (roleId === null) return;
    let live = true;
    setRole(null);
    setDepts([]);
    setChecked([]);
    setLoading(true);
    Promise.all([getRole(roleId), deptTreeSelect(roleId)])
      .then(([r, tree]) => {
        if (!live || !r.data) return;
        setRole(r.data);
        setScope(r.data.dataScope);
        setLinked(r.data.deptCheckStrictly);
        setDepts(tree.depts);
        setChecked(r.data.deptCheckStrictly ? conduct(tree.depts, tree.checkedKeys).checked : tree.checkedKeys);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [roleId]);

  const changeScope = (value: string) => {
    setScope(value);
    if (value !== CUSTOM) setChecked([]);
  };

  const submit = async () => {
    if (!role) return;
    setSaving(true);
    try {
      await dataScope({
        roleId: role.roleId,
        dataScope: scope,
        deptIds: scope === CUSTOM ? submittedKeys(depts, checked, linked) : [],
        deptCheckStrictly: linked,
      });
      toast.success('修改成功');
      onSaved();
    } catch {
      // The request layer already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="分配数据权限"
      open={roleId !== null}
      width={500}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form labelCol={dialogLabelCol(100)}>
        <Form.Item label="角色名称">
          <Input value={role?.roleName ?? ''} disabled />
        </Form.Item>
        <Form.Item label="权限字符">
          <Input value={role?.roleKey ?? ''} disabled />
        </Form.Item>
        <Form.Item label="权限范围">
          <Select aria-label="权限范围" value={scope} onChange={changeScope} options={DATA_SCOPE_OPTIONS} />
        </Form.Item>
        {scope === CUSTOM && (
          <Form.Item label="数据权限">
            <CheckTree
              name="数据权限"
              treeData={depts}
              loading={loading}
              checked={checked}
              onCheckedChange={setChecked}
              linked={linked}
              onLinkedChange={setLinked}
              defaultExpanded
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
