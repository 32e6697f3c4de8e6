import { Form, Input } from 'antd';
import { GEN_CREATE_SQL_MAX_BYTES } from '@acs/shared';
import { createTable } from '../../../../api/tool/gen';
import SubmitDialog from '../../../../components/SubmitDialog';
import { toast } from '../../../../utils/feedback';

const tooLong = (sql: string | undefined) => new TextEncoder().encode(sql ?? '').length > GEN_CREATE_SQL_MAX_BYTES;

/** 创建表 (screens §5.1, role admin): CREATE TABLE statements the server parses, rebuilds, runs and imports. */
export default function CreateTableDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const [form] = Form.useForm<{ sql: string }>();

  const submit = async ({ sql }: { sql: string }) => {
    try {
      const res = await createTable(sql);
      toast.success(res.msg);
      onCreated();
    } catch {
      // The request layer already showed the server's message (创建表结构异常 …); the dialog stays open.
    }
  };

  return (
    <SubmitDialog form={form} title="创建表" width={800} onSubmit={submit} onClose={onClose}>
      <Form form={form} layout="vertical" name="gen-create-table">
        <Form.Item
          label="创建表语句(支持多个建表语句)："
          name="sql"
          rules={[
            { required: true, whitespace: true, message: '请输入建表语句' },
            { validator: (_rule, sql: string | undefined) => (tooLong(sql) ? Promise.reject(new Error(`建表语句不能超过${GEN_CREATE_SQL_MAX_BYTES / 1024}KB`)) : Promise.resolve()) },
          ]}
        >
          <Input.TextArea rows={10} placeholder="请输入文本" style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }} />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
