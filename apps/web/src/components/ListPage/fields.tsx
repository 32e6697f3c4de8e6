import type { ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Radio, Select, TreeSelect } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import type { DictOption } from '../../hooks/useDict';
import { HasPermi } from '../HasPermi';
import { dictChoices } from './actions';

const SEARCH_WIDTH = 200;

/** Mainland mobile numbers: 11 digits, 1 then 3–9 (screens §3.1). */
const PHONE = /^1[3-9]\d{9}$/;

/** A text filter of the search bar (placeholder 请输入<label>; Enter searches). */
export function SearchText({ label, name }: { label: string; name: string }) {
  return (
    <Form.Item label={label} name={name}>
      <Input placeholder={`请输入${label}`} allowClear style={{ width: SEARCH_WIDTH }} />
    </Form.Item>
  );
}

/** A clearable dictionary filter of the search bar. */
export function SearchDict({ label, name, placeholder, options }: { label: string; name: string; placeholder: string; options: DictOption[] }) {
  return (
    <Form.Item label={label} name={name}>
      <Select placeholder={placeholder} allowClear options={dictChoices(options)} style={{ width: SEARCH_WIDTH }} />
    </Form.Item>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  /** The 不能为空 message when the field is required. */
  required?: string;
  placeholder?: string;
  textarea?: boolean;
  maxLength?: number;
  tooltip?: string;
}

/** A text input of the add/edit dialog. */
export function TextField({ label, name, required, placeholder = `请输入${label}`, textarea, maxLength, tooltip }: TextFieldProps) {
  return (
    <Form.Item label={label} name={name} tooltip={tooltip} rules={required ? [{ required: true, whitespace: true, message: required }] : undefined}>
      {textarea ? <Input.TextArea placeholder={placeholder} maxLength={maxLength} /> : <Input placeholder={placeholder} maxLength={maxLength} />}
    </Form.Item>
  );
}

interface ContactFieldProps {
  label?: string;
  name?: string;
  /** The 不能为空 message when the field is required. */
  required?: string;
}

/** 手机号码 / 联系电话: an 11-digit mobile number. */
export function PhoneField({ label = '手机号码', name = 'phonenumber', required }: ContactFieldProps) {
  return (
    <Form.Item
      label={label}
      name={name}
      rules={[...(required ? [{ required: true, message: required }] : []), { pattern: PHONE, message: '请输入正确的手机号码' }]}
    >
      <Input placeholder={`请输入${label}`} maxLength={11} />
    </Form.Item>
  );
}

/** 邮箱. */
export function EmailField({ label = '邮箱', name = 'email', required }: ContactFieldProps) {
  return (
    <Form.Item
      label={label}
      name={name}
      rules={[...(required ? [{ required: true, message: required }] : []), { type: 'email' as const, message: '请输入正确的邮箱地址' }]}
    >
      <Input placeholder="请输入邮箱" maxLength={50} />
    </Form.Item>
  );
}

/** A sort number of the dialog (显示排序, 岗位顺序, 角色顺序): a required whole number from 0. */
export function OrderField({ label = '显示排序', name, required }: { label?: string; name: string; required: string }) {
  return (
    <Form.Item label={label} name={name} rules={[{ required: true, message: required }]}>
      <InputNumber min={0} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

interface TreeSelectFieldProps<Node> {
  label: string;
  name: string;
  treeData: Node[];
  /** Which keys of a node hold its label and its value. */
  labelKey: keyof Node & string;
  valueKey: keyof Node & string;
  placeholder?: string;
  /** The 不能为空 message when the field is required. */
  required?: string;
  allowClear?: boolean;
  /** Branches open at first; every branch when left out. */
  expandedKeys?: number[];
}

/** A searchable tree picker of the dialog (上级部门, 上级菜单, 归属部门). */
export function TreeSelectField<Node extends object>(props: TreeSelectFieldProps<Node>) {
  const { label, name, treeData, labelKey, valueKey, placeholder = `选择${label}`, required, allowClear, expandedKeys } = props;
  return (
    <Form.Item label={label} name={name} rules={required ? [{ required: true, message: required }] : undefined}>
      <TreeSelect
        treeData={treeData}
        fieldNames={{ label: labelKey, value: valueKey, children: 'children' }}
        placeholder={placeholder}
        allowClear={allowClear}
        showSearch
        treeNodeFilterProp={labelKey}
        treeDefaultExpandAll={!expandedKeys}
        treeDefaultExpandedKeys={expandedKeys}
      />
    </Form.Item>
  );
}

/** Radio buttons over a dictionary (状态, 系统内置 …). */
export function DictRadioField({ label, name, options, tooltip }: { label: string; name: string; options: DictOption[]; tooltip?: string }) {
  return (
    <Form.Item label={label} name={name} tooltip={tooltip}>
      <Radio.Group options={dictChoices(options)} />
    </Form.Item>
  );
}

export function RemarkField() {
  return <TextField label="备注" name="remark" placeholder="请输入内容" textarea maxLength={500} />;
}

/** 刷新缓存 of the dictionary and parameter screens (behind <perm>:remove). */
export function RefreshCacheButton({ perm, onClick, children = '刷新缓存' }: { perm: string; onClick: () => void; children?: ReactNode }) {
  return (
    <HasPermi value={[`${perm}:remove`]}>
      <Button color="danger" variant="outlined" icon={<SyncOutlined />} onClick={onClick}>
        {children}
      </Button>
    </HasPermi>
  );
}
