import { useState } from 'react';
import { Modal, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { IMAGE_PREVIEW_WIDTH, IMAGE_UPLOAD_DEFAULTS } from '@acs/shared';
import { checkImageSize, checkImageType } from '../upload/rules';
import { DEFAULT_UPLOAD_ACTION, useUploadList } from '../upload/useUploadList';
import { UploadTip, type UploadFieldProps } from '../upload/UploadField';

export default function ImageUpload({
  value,
  onChange,
  limit = IMAGE_UPLOAD_DEFAULTS.limit,
  fileSize = IMAGE_UPLOAD_DEFAULTS.fileSizeMb,
  fileType = IMAGE_UPLOAD_DEFAULTS.fileType,
  isShowTip = true,
  action = DEFAULT_UPLOAD_ACTION,
  disabled = false,
}: UploadFieldProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const { uploadProps, count } = useUploadList({
    value,
    onChange,
    limit,
    action,
    validate: (file) => checkImageType(file, fileType) ?? checkImageSize(file.size, fileSize),
    loadingText: '正在上传图片，请稍候...',
  });
  return (
    <div className="component-upload-image">
      <Upload
        {...uploadProps}
        accept="image/*"
        listType="picture-card"
        disabled={disabled}
        showUploadList={{ showRemoveIcon: !disabled }}
        onPreview={(file) => setPreview(file.url ?? file.thumbUrl ?? null)}
      >
        {!disabled && count < limit && (
          <div>
            <PlusOutlined />
          </div>
        )}
      </Upload>
      {isShowTip && !disabled && <UploadTip fileSize={fileSize} fileType={fileType} />}
      <Modal open={preview !== null} title="预览" width={IMAGE_PREVIEW_WIDTH} footer={null} onCancel={() => setPreview(null)}>
        {preview && <img src={preview} alt="预览" style={{ display: 'block', maxWidth: '100%', margin: '0 auto' }} />}
      </Modal>
    </div>
  );
}
