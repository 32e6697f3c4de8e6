import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { FILE_UPLOAD_DEFAULTS } from '@acs/shared';
import { checkFileSize, checkFileType } from '../upload/rules';
import { DEFAULT_UPLOAD_ACTION, useUploadList } from '../upload/useUploadList';
import { UploadTip, type UploadFieldProps } from '../upload/UploadField';

export default function FileUpload({
  value,
  onChange,
  limit = FILE_UPLOAD_DEFAULTS.limit,
  fileSize = FILE_UPLOAD_DEFAULTS.fileSizeMb,
  fileType = FILE_UPLOAD_DEFAULTS.fileType,
  isShowTip = true,
  action = DEFAULT_UPLOAD_ACTION,
  disabled = false,
}: UploadFieldProps) {
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
      {isShowTip && !disabled && <UploadTip fileSize={fileSize} fileType={fileType} />}
    </div>
  );
}
