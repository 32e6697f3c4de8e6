import type { ReactNode } from 'react';
import { Button, Form, Input, Radio, Select } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import type { DictOption } from '../../hooks/useDict';
import { HasPermi } from '../HasPermi';
import { dictChoices } from './actions';

const SEARCH_WIDTH = 200;

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
}

/** A text input of the add/edit dialog. */
export function TextField({ label, name, required, placeholder = `请输入${label}`, textarea }: TextFieldProps) {
  return (
    <Form.Item label={label} name={name} rules={required ? [{ required: true, whitespace: true, message: required }] : undefined}>
      {textarea ? <Input.TextArea placeholder={placeholder} /> : <Input placeholder={placeholder} />}
    </Form.Item>
  );
}

/** Radio buttons over a dictionary (状态, 系统内置 …). */
export function DictRadioField({ label, name, options }: { label: string; name: string; options: DictOption[] }) {
  return (
    <Form.Item label={label} name={name}>
      <Radio.Group options={dictChoices(options)} />
    </Form.Item>
  );
}

export function RemarkField() {
  return <TextField label="备注" name="remark" placeholder="请输入内容" textarea />;
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
