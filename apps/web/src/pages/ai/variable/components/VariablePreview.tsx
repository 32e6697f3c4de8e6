import { useState } from 'react';
import { Card, Input, Typography } from 'antd';
import { renderTemplate } from '@acs/shared';

interface VariablePreviewProps {
  varKey?: string;
  label?: string;
  defaultValue?: string;
  fallback?: string;
}

/** A sample sentence using {{key}}, rendered live with the default value (else the fallback). */
export default function VariablePreview({ varKey = '', label = '', defaultValue = '', fallback = '' }: VariablePreviewProps) {
  const key = varKey.trim() || 'key';
  const [custom, setCustom] = useState<string | null>(null);
  const sample = custom ?? `您好，${label.trim() || '这个变量'}是：{{${key}}}。`;
  const withDefault = renderTemplate(sample, { [key]: defaultValue || undefined }, fallback ? { [key]: fallback } : undefined);
  const withFallback = renderTemplate(sample, {}, fallback ? { [key]: fallback } : undefined);

  return (
    <Card size="small" title="实时预览" style={{ background: '#fafafa' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        示例句子（可修改）
      </Typography.Text>
      <Input.TextArea aria-label="示例句子" value={sample} autoSize={{ minRows: 2, maxRows: 4 }} onChange={(e) => setCustom(e.target.value)} />
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 12 }}>
        使用默认值
      </Typography.Text>
      <Typography.Paragraph data-testid="preview-default" style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>
        {withDefault.text}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        没有值时（使用兜底值）
      </Typography.Text>
      <Typography.Paragraph data-testid="preview-fallback" style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
        {withFallback.text}
      </Typography.Paragraph>
      {withFallback.missing.length > 0 && (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          未设置兜底值：没有值时 {withFallback.missing.map((k) => `{{${k}}}`).join('、')} 会显示为空。
        </Typography.Text>
      )}
    </Card>
  );
}
