import { useEffect, useMemo, useState } from 'react';
import { Col, Form, Row } from 'antd';
import { addDept, getDept, listDept, listDeptExcludeChild, updateDept, type Dept, type DeptForm } from '../../../../api/system/dept';
import { DictRadioField, EmailField, FormDialog, OrderField, PhoneField, TextField, TreeSelectField } from '../../../../components/ListPage';
import { useDict } from '../../../../hooks/useDict';
import { handleTree } from '../../../../utils/ruoyi';
import { toast } from '../../../../utils/feedback';

/** What opens the dialog: a new dept (optionally under a parent) or an existing one. */
export type DeptDialogTarget = { mode: 'add'; parentId?: number } | { mode: 'edit'; deptId: number };

interface DeptDialogProps {
  target: DeptDialogTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

type Fields = Omit<DeptForm, 'deptId'>;

/** 添加部门 / 修改部门; the parent picker leaves out the edited dept and its descendants. */
export default function DeptDialog({ target, onClose, onSaved }: DeptDialogProps) {
  const [form] = Form.useForm<Fields>();
  const { sys_normal_disable: statusOptions } = useDict('sys_normal_disable');
  const [parents, setParents] = useState<Dept[]>([]);
  const [isRoot, setIsRoot] = useState(false);
  const [saving, setSaving] = useState(false);
  const editing = target?.mode === 'edit';

  useEffect(() => {
    if (!target) return;
    let live = true;
    form.resetFields();
    setIsRoot(false);
    form.setFieldsValue({ parentId: target.mode === 'add' ? target.parentId : undefined, orderNum: 0, status: '0' });
    const load = async () => {
      if (target.mode === 'add') {
        const res = await listDept();
        if (live) setParents(res.data ?? []);
        return;
      }
      const [dept, options] = await Promise.all([getDept(target.deptId), listDeptExcludeChild(target.deptId)]);
      if (!live || !dept.data) return;
      const d = dept.data;
      setIsRoot(d.parentId === 0);
      setParents(options.data ?? []);
      form.setFieldsValue({ parentId: d.parentId, deptName: d.deptName, orderNum: d.orderNum, leader: d.leader, phone: d.phone, email: d.email, status: d.status });
    };
    load().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [target, form]);

  const tree = useMemo(() => handleTree(parents, 'deptId'), [parents]);

  const submit = async () => {
    const values: Fields = { ...form.getFieldsValue(true), ...(await form.validateFields()) };
    setSaving(true);
    try {
      if (target?.mode === 'edit') await updateDept({ ...values, deptId: target.deptId });
      else await addDept(values);
      toast.success(editing ? '修改成功' : '新增成功');
      onSaved();
    } catch {
      // The request layer already showed the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      form={form}
      open={target !== null}
      saving={saving}
      title={editing ? '修改部门' : '添加部门'}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      width={600}
      labelWidth={80}
    >
      <Row gutter={16}>
        {!isRoot && (
          <Col span={24}>
            <TreeSelectField label="上级部门" name="parentId" treeData={tree} labelKey="deptName" valueKey="deptId" required="上级部门不能为空" />
          </Col>
        )}
        <Col xs={24} sm={12}>
          <TextField label="部门名称" name="deptName" required="部门名称不能为空" maxLength={30} />
        </Col>
        <Col xs={24} sm={12}>
          <OrderField name="orderNum" required="显示排序不能为空" />
        </Col>
        <Col xs={24} sm={12}>
          <TextField label="负责人" name="leader" maxLength={20} />
        </Col>
        <Col xs={24} sm={12}>
          <PhoneField label="联系电话" name="phone" />
        </Col>
        <Col xs={24} sm={12}>
          <EmailField />
        </Col>
        <Col xs={24} sm={12}>
          <DictRadioField label="部门状态" name="status" options={statusOptions} />
        </Col>
      </Row>
    </FormDialog>
  );
}
