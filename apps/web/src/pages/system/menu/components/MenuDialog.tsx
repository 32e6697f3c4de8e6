import { useEffect, useMemo, useState } from 'react';
import { Col, Form, Radio, Row } from 'antd';
import { addMenu, getMenu, listMenu, updateMenu, type Menu, type MenuForm, type MenuType } from '../../../../api/system/menu';
import IconSelect from '../../../../components/IconSelect';
import { DictRadioField, FormDialog, OrderField, TextField, TreeSelectField } from '../../../../components/ListPage';
import { useDict } from '../../../../hooks/useDict';
import { handleTree } from '../../../../utils/ruoyi';
import { toast } from '../../../../utils/feedback';

/** What opens the dialog: a new menu (optionally under a parent) or an existing one. */
export type MenuDialogTarget = { mode: 'add'; parentId: number } | { mode: 'edit'; menuId: number };

interface MenuDialogProps {
  target: MenuDialogTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

type Fields = Omit<MenuForm, 'menuId'>;

const defaults = (parentId: number): Fields => ({
  parentId,
  menuName: '',
  icon: '',
  menuType: 'M',
  orderNum: 0,
  path: '',
  component: '',
  query: '',
  routeName: '',
  isFrame: '1',
  isCache: '0',
  visible: '0',
  status: '0',
  perms: '',
  remark: '',
});

const ROOT = { menuId: 0, menuName: '主类目', parentId: -1 };

/** 添加菜单 / 修改菜单: the fields shown depend on 菜单类型 (目录 M, 菜单 C, 按钮 F). */
export default function MenuDialog({ target, onClose, onSaved }: MenuDialogProps) {
  const [form] = Form.useForm<Fields>();
  const { sys_show_hide: showHide, sys_normal_disable: normalDisable } = useDict('sys_show_hide', 'sys_normal_disable');
  const [menus, setMenus] = useState<Pick<Menu, 'menuId' | 'menuName' | 'parentId'>[]>([]);
  const [saving, setSaving] = useState(false);
  const menuType = (Form.useWatch('menuType', form) ?? 'M') as MenuType;
  const editing = target?.mode === 'edit';

  useEffect(() => {
    if (!target) return;
    let live = true;
    form.resetFields();
    form.setFieldsValue(defaults(target.mode === 'add' ? target.parentId : 0));
    listMenu()
      .then((res) => live && setMenus(res.data ?? []))
      .catch(() => undefined);
    if (target.mode === 'edit') {
      getMenu(target.menuId)
        .then((res) => {
          if (!live || !res.data) return;
          const { menuId: _id, createTime: _t, ...fields } = res.data;
          form.setFieldsValue({ ...fields, component: fields.component ?? '', query: fields.query ?? '', perms: fields.perms ?? '', icon: fields.icon === '#' ? '' : fields.icon });
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [target, form]);

  // An edited menu cannot move below itself, so it and its branch are left out of the picker.
  const editedId = target?.mode === 'edit' ? target.menuId : undefined;
  const parentTree = useMemo(() => {
    const excluded = new Set<number>(editedId === undefined ? [] : [editedId]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const m of menus) {
        if (excluded.has(m.parentId) && !excluded.has(m.menuId)) {
          excluded.add(m.menuId);
          grew = true;
        }
      }
    }
    return [{ ...ROOT, children: handleTree(menus.filter((m) => !excluded.has(m.menuId)), 'menuId') }];
  }, [menus, editedId]);

  const submit = async () => {
    // Fields hidden by the current type keep their values, as the original dialog sends the whole form.
    const values: Fields = { ...form.getFieldsValue(true), ...(await form.validateFields()) };
    setSaving(true);
    try {
      if (target?.mode === 'edit') await updateMenu({ ...values, menuId: target.menuId });
      else await addMenu(values);
      toast.success(editing ? '修改成功' : '新增成功');
      onSaved();
    } catch {
      // The request layer already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  const isDirOrMenu = menuType !== 'F';
  return (
    <FormDialog
      form={form}
      open={target !== null}
      saving={saving}
      title={editing ? '修改菜单' : '添加菜单'}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      width={680}
      labelWidth={100}
    >
      <Row gutter={16}>
        <Col span={24}>
          <TreeSelectField label="上级菜单" name="parentId" treeData={parentTree} labelKey="menuName" valueKey="menuId" expandedKeys={[0]} />
        </Col>
        <Col span={24}>
          <Form.Item name="menuType" label="菜单类型">
            <Radio.Group>
              <Radio value="M">目录</Radio>
              <Radio value="C">菜单</Radio>
              <Radio value="F">按钮</Radio>
            </Radio.Group>
          </Form.Item>
        </Col>
        {isDirOrMenu && (
          <Col span={24}>
            <Form.Item name="icon" label="菜单图标">
              <IconSelect />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <TextField label="菜单名称" name="menuName" required="菜单名称不能为空" maxLength={50} />
        </Col>
        <Col xs={24} sm={12}>
          <OrderField name="orderNum" required="菜单顺序不能为空" />
        </Col>
        {menuType === 'C' && (
          <Col xs={24} sm={12}>
            <TextField label="路由名称" name="routeName" maxLength={50} tooltip="默认不填则和路由地址相同：如地址为：`user`，则名称为`User`（注意：因为router会删除名称相同路由，为避免名字的冲突，特殊情况下请自定义，保证唯一性）" />
          </Col>
        )}
        {isDirOrMenu && (
          <Col xs={24} sm={12}>
            <Form.Item name="isFrame" label="是否外链" tooltip="选择是外链则路由地址需要以`http(s)://`开头">
              <Radio.Group>
                <Radio value="0">是</Radio>
                <Radio value="1">否</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
        )}
        {isDirOrMenu && (
          <Col xs={24} sm={12}>
            <TextField label="路由地址" name="path" required="路由地址不能为空" maxLength={200} tooltip="访问的路由地址，如：`user`，如外网地址需内链访问则以`http(s)://`开头" />
          </Col>
        )}
        {menuType === 'C' && (
          <Col xs={24} sm={12}>
            <TextField label="组件路径" name="component" maxLength={255} tooltip="访问的组件路径，如：`system/user/index`，默认在`views`目录下" />
          </Col>
        )}
        {menuType !== 'M' && (
          <Col xs={24} sm={12}>
            <TextField label="权限字符" name="perms" placeholder="请输入权限标识" maxLength={100} tooltip="控制器中定义的权限字符，如：@PreAuthorize(`@ss.hasPermi('system:user:list')`)" />
          </Col>
        )}
        {menuType === 'C' && (
          <Col xs={24} sm={12}>
            <TextField label="路由参数" name="query" maxLength={255} tooltip='访问路由的默认传递参数，如：`{"id": 1, "name": "ry"}`' />
          </Col>
        )}
        {menuType === 'C' && (
          <Col xs={24} sm={12}>
            <Form.Item name="isCache" label="是否缓存" tooltip="选择是则会被`keep-alive`缓存，需要匹配组件的`name`和地址保持一致">
              <Radio.Group>
                <Radio value="0">缓存</Radio>
                <Radio value="1">不缓存</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
        )}
        {isDirOrMenu && (
          <Col xs={24} sm={12}>
            <DictRadioField label="显示状态" name="visible" options={showHide} tooltip="选择隐藏则路由将不会出现在侧边栏，但仍然可以访问" />
          </Col>
        )}
        <Col xs={24} sm={12}>
          <DictRadioField label="菜单状态" name="status" options={normalDisable} tooltip="选择停用则路由将不会出现在侧边栏，也不能被访问" />
        </Col>
      </Row>
    </FormDialog>
  );
}
