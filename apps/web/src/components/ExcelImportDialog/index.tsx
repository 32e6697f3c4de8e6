import { useState } from 'react';
import { Checkbox, Modal, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { AjaxResult } from '../../types/api';
import { download } from '../../utils/download';
import { toast } from '../../utils/feedback';

const EXCEL = /\.(xlsx|xls)$/i;
const REPORT_BREAK = /<br\s*\/?>/i;

export interface ExcelImportDialogProps {
  title: string;
  /** Label of the "update existing rows" checkbox. */
  updateLabel: string;
  /** The line under the checkbox, before 下载模板. */
  note: string;
  templateUrl: string;
  /** File name of the template, before its timestamp: 'user_template'. */
  templateName: string;
  upload: (file: File, updateSupport: boolean) => Promise<AjaxResult>;
  onClose: () => void;
  onImported: () => void;
}

/** The server's per-row report is separated by <br/>; shown as lines of text, never as HTML. */
function ImportReport({ msg }: { msg: string }) {
  return (
    <div style={{ maxHeight: '70vh', overflow: 'auto' }}>
      {msg.split(REPORT_BREAK).map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}

const showReport = (kind: 'info' | 'error', msg: string) =>
  Modal[kind]({ title: '导入结果', content: <ImportReport msg={msg} />, okText: '确定', width: 520 });

/**
 * An Excel import (screens §7.12's 用户导入 pattern): one .xls/.xlsx, an optional update of existing rows,
 * the template download, and the server's per-row report in a dialog, for a refused file too.
 */
export default function ExcelImportDialog({ title, updateLabel, note, templateUrl, templateName, upload, onClose, onImported }: ExcelImportDialogProps) {
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
      const res = await upload(file, updateSupport);
      onClose();
      showReport('info', res.msg);
      onImported();
    } catch (error) {
      // A refused file lists every bad row; the toast cannot show those lines, the report can.
      // Any other failure has been shown by the request layer already.
      const msg = error instanceof Error ? error.message : '';
      if (REPORT_BREAK.test(msg)) showReport('error', msg);
      else console.warn('导入未完成', error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal open title={title} width={420} okText="确 定" cancelText="取 消" confirmLoading={uploading} onOk={() => void submit()} onCancel={onClose}>
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
          {updateLabel}
        </Checkbox>
        <div style={{ color: '#999', fontSize: 12 }}>
          {note}
          <a onClick={() => void download(templateUrl, {}, `${templateName}_${Date.now()}.xlsx`)}>下载模板</a>
        </div>
      </div>
    </Modal>
  );
}
