import { useState } from 'react';
import { Checkbox, Modal, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { importKnowledge, knowledgeTemplateUrl } from '../../../../../api/ai/agent';
import { download } from '../../../../../utils/download';
import { toast } from '../../../../../utils/feedback';

const EXCEL = /\.(xlsx|xls)$/i;

interface KnowledgeImportDialogProps {
  agentId: number;
  onClose: () => void;
  onImported: () => void;
}

/** The per-row report is separated by <br/>; shown as lines of text, never as HTML. */
function ImportReport({ msg }: { msg: string }) {
  return (
    <div style={{ maxHeight: '70vh', overflow: 'auto' }}>
      {msg.split(/<br\s*\/?>/i).map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}

/** 导入知识问答: one .xls/.xlsx, all-or-nothing on the server, optional update of existing questions. */
export default function KnowledgeImportDialog({ agentId, onClose, onImported }: KnowledgeImportDialogProps) {
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
      const res = await importKnowledge(agentId, file, updateSupport);
      onClose();
      Modal.info({ title: '导入结果', content: <ImportReport msg={res.msg} />, okText: '确定', width: 520 });
      onImported();
    } catch (error) {
      // A refused import lists every bad row; the toast cannot show those lines, the report can.
      const msg = error instanceof Error ? error.message : '';
      if (/<br\s*\/?>/i.test(msg)) Modal.error({ title: '导入结果', content: <ImportReport msg={msg} />, okText: '确定', width: 520 });
      else console.warn('导入知识问答未完成', error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal open title="导入知识问答" width={420} okText="确 定" cancelText="取 消" confirmLoading={uploading} onOk={() => void submit()} onCancel={onClose}>
      <Upload.Dragger accept=".xlsx, .xls" maxCount={1} fileList={files} beforeUpload={() => false} onChange={({ fileList }) => setFiles(fileList.slice(-1))}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>
          将文件拖到此处，或<em>点击上传</em>
        </p>
      </Upload.Dragger>
      <div style={{ textAlign: 'center', marginTop: 8 }}>
        <Checkbox checked={updateSupport} onChange={(e) => setUpdateSupport(e.target.checked)}>
          更新已经存在的问题
        </Checkbox>
        <div style={{ color: '#999', fontSize: 12 }}>
          仅允许导入xls、xlsx格式文件，任一行有误则整批不导入。
          <a onClick={() => void download(knowledgeTemplateUrl(agentId), {}, `knowledge_template_${Date.now()}.xlsx`)}>下载模板</a>
        </div>
      </div>
    </Modal>
  );
}
