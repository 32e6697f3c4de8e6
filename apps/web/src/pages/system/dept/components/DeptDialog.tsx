import { useEffect, useMemo, useState } from 'react';
import { Col, Form, Input, InputNumber, Modal, Radio, Row, TreeSelect } from 'antd';
import { addDept, getDept, listDept, listDeptExcludeChild, updateDept, type Dept, type DeptForm } from '../../../../api/system/dept';
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

const PHONE = /^1[3-9]\d{9}$/;

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
      // The request layer already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={editing ? '修改部门' : '添加部门'}
      open={target !== null}
      width={600}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} name="deptForm" labelCol={{ flex: '80px' }}>
        <Row gutter={16}>
          {!isRoot && (
            <Col span={24}>
              <Form.Item name="parentId" label="上级部门" rules={[{ required: true, message: '上级部门不能为空' }]}>
                <TreeSelect
                  treeData={tree}
                  fieldNames={{ label: 'deptName', value: 'deptId', children: 'children' }}
                  placeholder="选择上级部门"
                  showSearch
                  treeNodeFilterProp="deptName"
                  treeDefaultExpandAll
                />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="deptName" label="部门名称" rules={[{ required: true, whitespace: true, message: '部门名称不能为空' }]}>
              <Input placeholder="请输入部门名称" maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="orderNum" label="显示排序" rules={[{ required: true, message: '显示排序不能为空' }]}>
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="leader" label="负责人">
              <Input placeholder="请输入负责人" maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="phone" label="联系电话" rules={[{ pattern: PHONE, message: '请输入正确的手机号码' }]}>
              <Input placeholder="请输入联系电话" maxLength={11} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '请输入正确的邮箱地址' }]}>
              <Input placeholder="请输入邮箱" maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="status" label="部门状态">
              <Radio.Group options={statusOptions.map((d) => ({ label: d.label, value: d.value }))} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
