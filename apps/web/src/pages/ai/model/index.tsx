import { useState } from 'react';
import { Alert, Button, Modal, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import {
  addModelProvider,
  delModelProvider,
  getModelProvider,
  listModelProvider,
  testModelProvider,
  updateModelProvider,
  type ModelProvider,
  type ProviderTestResult,
} from '../../../api/ai/model';
import { HasPermi } from '../../../components/HasPermi';
import {
  actionColumn,
  createTimeColumn,
  dictColumn,
  FormDialog,
  ListTable,
  ListToolbar,
  SearchBar,
  SearchDict,
  SearchText,
  textColumn,
  useCrudPage,
} from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import ProviderFields from './components/ProviderFields';
import TestResultView from './components/TestResultView';
import './model.css';

const PERM = 'ai:model';
const FILTERS: { name?: string; status?: string } = {};
const MODELS_SHOWN = 3;

const defaultFirst = (models: string[], defaultModel: string | null | undefined) =>
  defaultModel && models.includes(defaultModel) ? [defaultModel, ...models.filter((m) => m !== defaultModel)] : models;

interface RowTest {
  name: string;
  model: string;
  result: ProviderTestResult | null;
}

/** 模型配置: OpenAI-compatible providers the agents can answer with (docs/ai-service.md). */
export default function ModelProviderPage() {
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  const { list, dialog, remove } = useCrudPage({
    key: 'ai/model',
    fetch: listModelProvider,
    filters: FILTERS,
    entity: '模型',
    defaults: { status: '0', timeoutMs: 30_000, models: [], defaultModel: '', embeddingModel: '' },
    api: { get: getModelProvider, add: addModelProvider, update: updateModelProvider, remove: delModelProvider },
  });
  // Bumped on every opening so the dialog's probe results start empty.
  const [opened, setOpened] = useState(0);
  const [rowTest, setRowTest] = useState<RowTest | null>(null);

  const openAdd = () => {
    setOpened((n) => n + 1);
    dialog.openAdd();
  };
  const openEdit = (id: number) => {
    setOpened((n) => n + 1);
    dialog.openEdit(id);
  };

  const testRow = async (row: ModelProvider) => {
    const model = row.defaultModel || row.models[0] || '';
    setRowTest({ name: row.name, model, result: null });
    try {
      const res = await testModelProvider({
        providerId: row.providerId,
        baseUrl: row.baseUrl,
        model,
        timeoutMs: row.timeoutMs,
        embeddingModel: row.embeddingModel || undefined,
      });
      setRowTest({ name: row.name, model, result: res.data ?? null });
    } catch (error) {
      // The request layer has shown why (for instance no model to test); nothing to show here.
      setRowTest(null);
      console.warn('测试连接未完成', error);
    }
  };

  const columns: TableColumnsType<ModelProvider> = [
    { ...textColumn('名称', 'name', true), width: 140 },
    textColumn('接口地址', 'baseUrl', true),
    {
      title: '模型',
      dataIndex: 'models',
      align: 'center',
      width: 180,
      render: (models: string[], row) =>
        models.length === 0 ? (
          '-'
        ) : (
          <Tooltip title={`${models.join('、')}${row.defaultModel ? `（默认：${row.defaultModel}）` : ''}`}>
            {/* Model ids run long (qwen2.5-72b-instruct-128k): tags wrap and cut rather than widen the table. The
                default model leads, in blue, so the list needs no column of its own. */}
            <span className="model-tags">
              {defaultFirst(models, row.defaultModel).slice(0, MODELS_SHOWN).map((m) => (
                <Tag key={m} className="model-tag" color={m === row.defaultModel ? 'processing' : undefined}>
                  {m}
                </Tag>
              ))}
              {models.length > MODELS_SHOWN && <Tag className="model-tag">+{models.length - MODELS_SHOWN}</Tag>}
            </span>
          </Tooltip>
        ),
    },
    {
      title: 'API Key',
      dataIndex: 'hasApiKey',
      align: 'center',
      width: 96,
      render: (has: boolean, row) =>
        has ? (
          <Tooltip title={row.apiKeyMasked}>
            <Tag color="success">已设置</Tag>
          </Tooltip>
        ) : (
          <Tag>未设置</Tag>
        ),
    },
    { ...dictColumn('状态', 'status', statuses), width: 80 },
    createTimeColumn(),
    {
      ...actionColumn(PERM, (row) => row.providerId!, openEdit, remove, (row) => (
        <HasPermi value={[`${PERM}:edit`]}>
          <Button type="link" size="small" icon={<ApiOutlined />} onClick={() => void testRow(row)}>
            测试连接
          </Button>
        </HasPermi>
      )),
      // Three link buttons, 测试连接 wider than the two-character ones actionColumn sizes for.
      width: 240,
    },
  ];

  return (
    <div className="app-container">
      <Alert
        style={{ marginBottom: 12 }}
        type="info"
        showIcon
        title="未选择模型的客服默认使用「内置引擎」：按回复规则和知识问答作答，不联网、不产生费用。在这里添加 OpenAI 兼容的模型服务后，可在客服设置中选用。"
      />
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="名称" name="name" />
        <SearchDict label="状态" name="status" placeholder="模型状态" options={statuses} />
      </SearchBar>
      <ListToolbar perm={PERM} list={list} onAdd={openAdd} onEdit={openEdit} onDelete={remove} />
      <ListTable list={list} rowKey="providerId" columns={columns} minWidth={1080} />
      <FormDialog {...dialog.dialogProps} width={640} labelWidth={100}>
        <ProviderFields key={opened} form={dialog.form} statuses={statuses} />
      </FormDialog>
      <Modal
        title={rowTest ? `测试连接：${rowTest.name}` : '测试连接'}
        open={rowTest !== null}
        footer={null}
        onCancel={() => setRowTest(null)}
      >
        {rowTest && (
          <>
            <p>测试模型：{rowTest.model || '（未设置）'}</p>
            {rowTest.result ? <TestResultView result={rowTest.result} /> : <p>正在连接模型服务…</p>}
          </>
        )}
      </Modal>
    </div>
  );
}
