import { useMemo } from 'react';
import { Button, Modal, Spin, Tabs } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { GEN_DEFAULT_MODULE } from '@acs/shared';
import { previewTable, type GenTable } from '../../../../api/tool/gen';
import { toast } from '../../../../utils/feedback';
import CodeBlock from './CodeBlock';
import { previewFiles } from './files';
import './gen.css';

async function copy(code: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
    toast.success('复制成功');
  } catch (error) {
    console.warn('复制失败', error);
    toast.error('复制失败，请手动选择代码复制');
  }
}

/** 代码预览 (screens §5.1): one tab per generated file, its target path, the highlighted code and 复制. */
export default function PreviewDialog({ table, onClose }: { table: GenTable; onClose: () => void }) {
  const query = useQuery({ queryKey: ['tool/gen/preview', table.tableId], queryFn: () => previewTable(table.tableId), gcTime: 0 });
  const files = useMemo(
    () => previewFiles(query.data?.data ?? {}, table.moduleName || GEN_DEFAULT_MODULE, table.businessName || ''),
    [query.data, table.moduleName, table.businessName],
  );

  return (
    <Modal open title="代码预览" width="80%" style={{ top: '5vh' }} footer={null} onCancel={onClose} destroyOnHidden>
      {query.isPending ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Tabs
          items={files.map((file) => ({
            key: file.key,
            label: file.name,
            children: (
              <>
                <div className="gen-code-bar">
                  <div className="gen-code-path" title="生成到的文件">
                    {file.path || file.key}
                  </div>
                  <Button type="link" icon={<CopyOutlined />} onClick={() => void copy(file.code)}>
                    复制
                  </Button>
                </div>
                <CodeBlock code={file.code} language={file.language} label={file.name} />
              </>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
