import { uploadTip } from './rules';

/** Props common to FileUpload and ImageUpload. */
export interface UploadFieldProps {
  /** Comma-joined stored URLs. */
  value?: string;
  onChange?: (value: string) => void;
  limit?: number;
  /** Size limit in MB. */
  fileSize?: number;
  /** Allowed extensions; for ImageUpload an empty list means any image type. */
  fileType?: readonly string[];
  isShowTip?: boolean;
  action?: string;
  disabled?: boolean;
}

export function UploadTip({ fileSize, fileType }: { fileSize: number; fileType: readonly string[] }) {
  return (
    <div className="upload-tip" style={{ color: '#909399', fontSize: 12, marginTop: 4 }}>
      {uploadTip(fileSize, fileType)}
    </div>
  );
}
