import type { CSSProperties } from 'react';
import { Alert, Typography } from 'antd';
import type { VariablePreview } from './useVariableText';

interface Props {
  preview: VariablePreview;
  onClose: () => void;
  /** The alert's type when every variable had a value (a missing one makes it a warning). */
  complete: 'success' | 'info';
  /** What precedes the list of keys without a value. */
  missingLabel: string;
  /** A missing key in words (the key itself by default). */
  missingText?: (key: string) => string;
  style?: CSSProperties;
}

/** 预览 of a text with variables: the rendered text and the keys that stayed empty. */
export default function PreviewAlert({ preview, onClose, complete, missingLabel, missingText = (key) => key, style }: Props) {
  return (
    <Alert
      style={style}
      type={preview.missing.length ? 'warning' : complete}
      closable={{ onClose }}
      title="预览"
      description={
        <>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{preview.text}</Typography.Paragraph>
          {preview.missing.length > 0 && (
            <Typography.Text type="warning">
              {missingLabel}：{preview.missing.map(missingText).join('、')}
            </Typography.Text>
          )}
        </>
      }
    />
  );
}
