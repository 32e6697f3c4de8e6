import { useState } from 'react';
import { Checkbox, Modal, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { importUsers } from '../../../api/system/user';
import { download } from '../../../utils/download';
import { toast } from '../../../utils/feedback';

const EXCEL = /\.(xlsx|xls)$/i;

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}

/** The report lines are separated by <br/>; they are shown as lines of text, never as HTML. */
function ImportReport({ msg }: { msg: string }) {
  return (
    <div style={{ maxHeight: '70vh', overflow: 'auto' }}>
      {msg.split(/<br\s*\/?>/i).map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}

/** 用户导入 (screens §7.12): one .xls/.xlsx, optional update of existing users, template download. */
export default function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [updateSupport, setUpdateSupport] = useState(false);
  const [uploading, setUploading] = useState(false);

  const submit = async () => {
    const file = files[0]?.originFileObj;
    if (!file || !EXCEL.test(file.name)) {
      toast.error('请选择后缀为 “xls”或“xlsx”的文件。');
      return;
    }
    setUploading(true);
    try {
      const res = await importUsers(file, updateSupport);
      setFiles([]);
      onClose();
      Modal.info({ title: '导入结果', content: <ImportReport msg={res.msg} />, okText: '确定', width: 520 });
      onImported();
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal open={open} title="用户导入" width={400} okText="确 定" cancelText="取 消" confirmLoading={uploading} onOk={() => void submit()} onCancel={onClose}>
      <Upload.Dragger
        accept=".xlsx, .xls"
        maxCount={1}
        fileList={files}
        beforeUpload={() => false}
        onChange={({ fileList }) => setFiles(fileList.slice(-1))}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>
          将文件拖到此处，或<em>点击上传</em>
        </p>
      </Upload.Dragger>
      <div style={{ textAlign: 'center', marginTop: 8 }}>
        <Checkbox checked={updateSupport} onChange={(e) => setUpdateSupport(e.target.checked)}>
          是否更新已经存在的用户数据
        </Checkbox>
        <div style={{ color: '#999', fontSize: 12 }}>
          仅允许导入xls、xlsx格式文件。
          <a onClick={() => void download('/system/user/importTemplate', {}, `user_template_${Date.now()}.xlsx`)}>下载模板</a>
        </div>
      </div>
    </Modal>
  );
}
