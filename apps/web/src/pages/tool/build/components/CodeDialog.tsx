import { useMemo } from 'react';
import { Button, Modal, Space, Tabs } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { generateComponent } from '../codegen/generate';
import { serializeDesign } from '../model/parse';
import type { FormDesign } from '../model/design';
import { copyToClipboard, saveText } from './transfer';

function CodePane({ code, filename, type }: { code: string; filename: string; type: string }) {
  return (
    <>
      <Space className="fb-code-actions">
        <Button icon={<CopyOutlined />} onClick={() => void copyToClipboard(code)}>
          复制
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => saveText(code, filename, type)}>
          下载 {filename}
        </Button>
      </Space>
      <pre className="fb-code" tabIndex={0} aria-label={filename}>
        {code}
      </pre>
    </>
  );
}

/** 生成代码: the React + antd component with its zod schema, and the design JSON the designer opens again. */
export default function CodeDialog({ design, initialTab, onClose }: { design: FormDesign; initialTab: 'tsx' | 'json'; onClose: () => void }) {
  const tsx = useMemo(() => generateComponent(design), [design]);
  const json = useMemo(() => serializeDesign(design), [design]);
  return (
    <Modal open title="导出" width={900} onCancel={onClose} footer={null} destroyOnHidden>
      <Tabs
        defaultActiveKey={initialTab}
        items={[
          { key: 'tsx', label: 'React 组件', children: <CodePane code={tsx} filename={`${design.name}.tsx`} type="text/plain" /> },
          { key: 'json', label: '设计 JSON', children: <CodePane code={json} filename={`${design.name}.json`} type="application/json" /> },
        ]}
      />
    </Modal>
  );
}
