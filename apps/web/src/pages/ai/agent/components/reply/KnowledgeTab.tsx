import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  changeKnowledgeStatus,
  delKnowledge,
  getKnowledge,
  importKnowledge,
  knowledgeExportUrl,
  knowledgeTemplateUrl,
  listKnowledge,
  saveKnowledge,
  type Knowledge,
} from '../../../../../api/ai/agent';
import ExcelImportDialog from '../../../../../components/ExcelImportDialog';
import { deleteRows, FormDialog, ListTable, useFormDialog } from '../../../../../components/ListPage';
import { useListPage } from '../../../../../hooks/useListPage';
import { download } from '../../../../../utils/download';
import type { VariableChoice } from '../settings/useVariableChoices';
import KnowledgeForm from './KnowledgeForm';
import { entryColumns } from './entryColumns';

interface KnowledgeTabProps {
  agentId: number;
  choices: VariableChoice[];
  onChanged: () => void;
}

/** 知识问答: questions (with other phrasings) and their answers, found by similarity. */
export default function KnowledgeTab({ agentId, choices, onChanged }: KnowledgeTabProps) {
  const list = useListPage<Knowledge, { keyword?: string }>(`ai/agent/${agentId}/knowledge`, (q) => listKnowledge(agentId, q), {});
  const [importing, setImporting] = useState(false);
  const reload = () => {
    list.setSelectedKeys([]);
    list.refresh();
    onChanged();
  };
  const save = (entry: Knowledge) => saveKnowledge(agentId, entry);
  const dialog = useFormDialog<Knowledge>({
    entity: '知识问答',
    defaults: { similarQuestions: [], status: '0' },
    api: { get: (id) => getKnowledge(agentId, id), add: save, update: save },
    onSaved: reload,
  });
  const remove = (ids: number[]) => void deleteRows('知识问答', ids, (x) => delKnowledge(agentId, x), reload);

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <Input.Search
          aria-label="搜索知识问答"
          placeholder="搜索问题或答案"
          allowClear
          style={{ width: 240 }}
          onSearch={(keyword) => list.search({ keyword: keyword.trim() || undefined })}
        />
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.openAdd()}>
            添加问答
          </Button>
          <Button color="danger" variant="outlined" icon={<DeleteOutlined />} disabled={list.selectedKeys.length === 0} onClick={() => remove(list.selectedKeys.map(Number))}>
            删除
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void download(knowledgeExportUrl(agentId), list.exportParams, `knowledge_${Date.now()}.xlsx`)}>
            导出
          </Button>
        </Space>
      </div>
      <ListTable<Knowledge>
        list={list}
        rowKey="knowledgeId"
        minWidth={860}
        columns={[
          { title: '问题', dataIndex: 'question', ellipsis: true },
          { title: '相似问法', key: 'similar', width: 80, align: 'center', render: (_v, k) => k.similarQuestions.length },
          { title: '答案', dataIndex: 'answer', ellipsis: true },
          ...entryColumns<Knowledge>({
            noun: '问答',
            idOf: (k) => k.knowledgeId!,
            changeStatus: (id, status) => changeKnowledgeStatus(agentId, id, status),
            onEdit: (id) => dialog.openEdit(id),
            onDelete: (id) => remove([id]),
            reload,
          }),
        ]}
      />
      <FormDialog {...dialog.dialogProps} width={680} labelWidth={90}>
        <KnowledgeForm agentId={agentId} choices={choices} />
      </FormDialog>
      {importing && (
        <ExcelImportDialog
          title="导入知识问答"
          updateLabel="更新已经存在的问题"
          note="仅允许导入xls、xlsx格式文件，任一行有误则整批不导入。"
          templateUrl={knowledgeTemplateUrl(agentId)}
          templateName="knowledge_template"
          upload={(file, updateSupport) => importKnowledge(agentId, file, updateSupport)}
          onClose={() => setImporting(false)}
          onImported={reload}
        />
      )}
    </>
  );
}
