import { useState } from 'react';
import { Button, Input, Select, Space, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { bossTemplateVariables, previewBossTemplate } from '../../../../api/channel/bossZP';
import { PreviewAlert, useVariableText } from '../../../../components/VariableText';
import { useBossJobOptions } from './options';

export const CONTENT_MAX = 1000;

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  /** The template's account: the preview offers its jobs. */
  accountId?: number | null;
}

/**
 * 内容 of a greeting template: buttons that insert {{variable}} at the cursor, and 预览 with a job's
 * values (or the variables' examples), naming the variables that would stay empty.
 */
export default function TemplateContent({ value = '', onChange, accountId }: Props) {
  const variables = useQuery({ queryKey: ['channel/bossZP/template/variables'], queryFn: bossTemplateVariables, staleTime: 300_000 }).data?.data ?? [];
  const jobs = useBossJobOptions(accountId ?? undefined);
  const [jobId, setJobId] = useState<number | undefined>(undefined);
  const { ref, insert, preview, previewing, runPreview, closePreview } = useVariableText(value, onChange, () => previewBossTemplate({ content: value, jobId }));
  /** A missing key in words; one that is no variable at all (a typo) says so. */
  const missingText = (key: string) => {
    const label = variables.find((v) => v.key === key)?.label;
    return label ? `${label}（${key}）` : `${key}（不是可用变量）`;
  };

  return (
    <div>
      <div className="boss-variables" role="group" aria-label="插入变量">
        <span className="boss-variables-label">插入变量：</span>
        {variables.map((v) => (
          <Tooltip key={v.key} title={`{{${v.key}}}，示例：${v.example}`}>
            <Button size="small" autoInsertSpace={false} onClick={() => insert(v.key)}>
              {v.label}
            </Button>
          </Tooltip>
        ))}
      </div>
      <Input.TextArea
        ref={ref}
        aria-label="模板内容"
        value={value}
        rows={5}
        maxLength={CONTENT_MAX}
        showCount
        placeholder="如：{{candidateName}}您好，我是{{company}}的{{recruiterName}}，看到您对{{jobTitle}}感兴趣，方便聊聊吗？"
        onChange={(e) => onChange?.(e.target.value)}
      />
      <Space className="boss-preview-bar" wrap>
        <Select
          aria-label="预览职位"
          allowClear
          placeholder="用职位的值预览（选填）"
          options={jobs}
          value={jobId}
          onChange={setJobId}
          style={{ width: 240 }}
        />
        <Button icon={<EyeOutlined />} loading={previewing} disabled={!value.trim()} onClick={() => void runPreview()}>
          预览
        </Button>
      </Space>
      {preview && <PreviewAlert preview={preview} onClose={closePreview} complete="success" missingLabel="缺少值的变量" missingText={missingText} style={{ marginTop: 8 }} />}
    </div>
  );
}
