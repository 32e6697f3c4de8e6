import { useMemo, type ReactNode } from 'react';
import { Button, Checkbox, Col, Dropdown, Form, Input, Radio, Row, Select, type FormInstance } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { CAMEL_IDENTIFIER, GEN_TPL_CATEGORIES, GEN_TPL_CATEGORY_LABELS, GEN_TYPE_PATH, GEN_TYPE_ZIP, type GenTplCategory } from '@acs/shared';
import type { Menu } from '../../../../api/system/menu';
import type { GenTable, GenTableColumn } from '../../../../api/tool/gen';
import { dialogLabelCol, TreeSelectField } from '../../../../components/ListPage';
import { handleTree } from '../../../../utils/ruoyi';

export interface GenValues {
  tplCategory: GenTplCategory;
  moduleName: string;
  businessName: string;
  functionName: string;
  formColNum: number;
  genView: boolean;
  parentMenuId?: number | null;
  genType: string;
  genPath?: string;
  treeCode?: string | null;
  treeParentCode?: string | null;
  treeName?: string | null;
  subTableName?: string | null;
  subTableFkName?: string | null;
}

interface Props {
  form: FormInstance<GenValues>;
  initialValues: GenValues;
  /** This table's columns, for the tree fields. */
  columns: GenTableColumn[];
  /** The table being edited, and every imported table (its sub-table candidates). */
  tableName: string;
  tables: GenTable[];
  menus: Menu[];
  /** The server writes into its source tree (development): only then is 自定义路径 offered. */
  writeToTree: boolean;
}


const TEMPLATE_OPTIONS = GEN_TPL_CATEGORIES.map((c) => ({ label: GEN_TPL_CATEGORY_LABELS[c], value: c }));
const LAYOUT_OPTIONS = [
  { label: '单列', value: 1 },
  { label: '双列', value: 2 },
  { label: '三列', value: 3 },
];

const columnOptions = (columns: GenTableColumn[]) => columns.map((c) => ({ label: `${c.columnName}：${c.columnComment}`, value: c.columnName }));

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** A field of a `GenValues` key, in half a row (a whole row on narrow screens). */
function Half({ children }: { children: ReactNode }) {
  return (
    <Col xs={24} lg={12}>
      {children}
    </Col>
  );
}

/** 生成信息 (screens §5.2): template, names, layout, menu and how the code is delivered; tree and sub settings. */
export default function GenInfoForm({ form, initialValues, columns, tableName, tables, menus, writeToTree }: Props) {
  const tplCategory = Form.useWatch('tplCategory', form) ?? initialValues.tplCategory;
  const genType = Form.useWatch('genType', form) ?? initialValues.genType;
  const subTableName = Form.useWatch('subTableName', form) ?? initialValues.subTableName;

  // The generated screen is a menu page, so it goes under a directory.
  const menuTree = useMemo(() => handleTree(menus.filter((m) => m.menuType === 'M'), 'menuId'), [menus]);
  const subTables = tables.filter((t) => t.tableName !== tableName);
  const subColumns = subTables.find((t) => t.tableName === subTableName)?.columns ?? [];

  const onValuesChange = (changed: Partial<GenValues>) => {
    if (changed.tplCategory !== undefined && changed.tplCategory !== 'sub') form.setFieldsValue({ subTableName: '', subTableFkName: '' });
    if (changed.subTableName !== undefined) form.setFieldsValue({ subTableFkName: '' });
  };

  return (
    <Form form={form} name="gen-info" labelCol={dialogLabelCol(150)} initialValues={initialValues} onValuesChange={onValuesChange}>
      <Row gutter={16}>
        <Half>
          <Form.Item label="生成模板" name="tplCategory" rules={[{ required: true, message: '请选择生成模板' }]}>
            <Select options={TEMPLATE_OPTIONS} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item label="表单布局" name="formColNum" tooltip="新增/修改对话框里每行放几个字段">
            <Select options={LAYOUT_OPTIONS} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item
            label="生成模块名"
            name="moduleName"
            tooltip="业务区域的目录名，如 biz：生成到 modules/biz、api/biz、pages/biz"
            rules={[...required('请输入生成模块名'), { pattern: CAMEL_IDENTIFIER, message: '须以小写字母开头，只含字母和数字' }]}
          >
            <Input maxLength={30} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item
            label="生成业务名"
            name="businessName"
            tooltip="功能的英文名（驼峰），如 customer：权限为 <模块名>:customer:*"
            rules={[...required('请输入生成业务名'), { pattern: CAMEL_IDENTIFIER, message: '须以小写字母开头，只含字母和数字' }]}
          >
            <Input maxLength={30} />
          </Form.Item>
        </Half>
        <Half>
          <Form.Item label="生成功能名" name="functionName" tooltip="用作菜单、标题和提示里的名称，如 客户" rules={required('请输入生成功能名')}>
            <Input maxLength={50} />
          </Form.Item>
        </Half>
        <Half>
          <TreeSelectField label="上级菜单" name="parentMenuId" treeData={menuTree} labelKey="menuName" valueKey="menuId" placeholder="请选择系统菜单" allowClear />
        </Half>
        <Half>
          <Form.Item label="生成代码方式" name="genType" tooltip={writeToTree ? '默认为zip压缩包下载，开发环境也可直接写入源码目录' : '下载zip压缩包，在仓库根目录解压'}>
            <Radio.Group>
              <Radio value={GEN_TYPE_ZIP}>zip压缩包</Radio>
              {writeToTree && <Radio value={GEN_TYPE_PATH}>自定义路径</Radio>}
            </Radio.Group>
          </Form.Item>
        </Half>
        <Half>
          <Form.Item label="扩展功能" name="genView" valuePropName="checked">
            <Checkbox>生成详情页</Checkbox>
          </Form.Item>
        </Half>
        {writeToTree && genType === GEN_TYPE_PATH && (
          <Col span={24}>
            <Form.Item label="自定义路径" tooltip="相对仓库根目录；文件只会写到 apps/*/src 的 modules、api、pages 下">
              <div style={{ display: 'flex', gap: 8 }}>
                <Form.Item name="genPath" noStyle>
                  <Input maxLength={200} aria-label="自定义路径" />
                </Form.Item>
                <Dropdown menu={{ items: [{ key: 'default', label: '恢复默认的生成基础路径', onClick: () => form.setFieldsValue({ genPath: '/' }) }] }}>
                  <Button type="primary">
                    最近路径快速选择 <DownOutlined />
                  </Button>
                </Dropdown>
              </div>
            </Form.Item>
          </Col>
        )}
      </Row>

      {tplCategory === 'tree' && (
        <>
          <h4 className="gen-form-header">其他信息</h4>
          <Row gutter={16}>
            <Half>
              <Form.Item label="树编码字段" name="treeCode" tooltip="树显示的编码字段名， 如：dept_id" rules={[{ required: true, message: '树编码字段不能为空' }]}>
                <Select options={columnOptions(columns)} placeholder="请选择" />
              </Form.Item>
            </Half>
            <Half>
              <Form.Item label="树父编码字段" name="treeParentCode" tooltip="树显示的父编码字段名， 如：parent_id" rules={[{ required: true, message: '树父编码字段不能为空' }]}>
                <Select options={columnOptions(columns)} placeholder="请选择" />
              </Form.Item>
            </Half>
            <Half>
              <Form.Item label="树名称字段" name="treeName" tooltip="树节点的显示名称字段名， 如：dept_name" rules={[{ required: true, message: '树名称字段不能为空' }]}>
                <Select options={columnOptions(columns)} placeholder="请选择" />
              </Form.Item>
            </Half>
          </Row>
        </>
      )}

      {tplCategory === 'sub' && (
        <>
          <h4 className="gen-form-header">关联信息</h4>
          <Row gutter={16}>
            <Half>
              <Form.Item label="关联子表的表名" name="subTableName" tooltip="关联子表的表名， 如：biz_order_item" rules={required('关联子表的表名不能为空')}>
                <Select options={subTables.map((t) => ({ label: `${t.tableName}：${t.tableComment}`, value: t.tableName }))} placeholder="请选择" showSearch />
              </Form.Item>
            </Half>
            <Half>
              <Form.Item label="子表关联的外键名" name="subTableFkName" tooltip="子表关联的外键名， 如：order_id" rules={required('子表关联的外键名不能为空')}>
                <Select options={columnOptions(subColumns)} placeholder="请选择" />
              </Form.Item>
            </Half>
          </Row>
        </>
      )}
    </Form>
  );
}
