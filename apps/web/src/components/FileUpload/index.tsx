import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { FILE_UPLOAD_DEFAULTS } from '@acs/shared';
import { checkFileSize, checkFileType, uploadTip } from '../upload/rules';
import { DEFAULT_UPLOAD_ACTION, useUploadList } from '../upload/useUploadList';

interface FileUploadProps {
  /** Comma-joined stored URLs. */
  value?: string;
  onChange?: (value: string) => void;
  limit?: number;
  fileSize?: number;
  fileType?: readonly string[];
  isShowTip?: boolean;
  action?: string;
  disabled?: boolean;
}

export default function FileUpload({
  value,
  onChange,
  limit = FILE_UPLOAD_DEFAULTS.limit,
  fileSize = FILE_UPLOAD_DEFAULTS.fileSizeMb,
  fileType = FILE_UPLOAD_DEFAULTS.fileType,
  isShowTip = true,
  action = DEFAULT_UPLOAD_ACTION,
  disabled = false,
}: FileUploadProps) {
  const { uploadProps } = useUploadList({
    value,
    onChange,
    limit,
    action,
    validate: (file) => checkFileType(file.name, fileType) ?? checkFileSize(file.size, fileSize),
    loadingText: '正在上传文件，请稍候...',
  });
  return (
    <div className="upload-file">
      <Upload {...uploadProps} disabled={disabled} showUploadList={{ showRemoveIcon: !disabled }}>
        {!disabled && <Button icon={<UploadOutlined />}>选取文件</Button>}
      </Upload>
      {isShowTip && !disabled && (
        <div className="upload-tip" style={{ color: '#909399', fontSize: 12, marginTop: 4 }}>
          {uploadTip(fileSize, fileType)}
        </div>
      )}
    </div>
  );
}
