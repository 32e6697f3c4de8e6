import { useEffect, useState } from 'react';
import { Button, Checkbox, ConfigProvider, Empty, Form, Input, Modal, Segmented, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listKnowledge, type Knowledge } from '../../../../../api/ai/agent';
import {
  attachUnknown,
  createKnowledgeFromUnknown,
  delUnknown,
  ignoreUnknown,
  listUnknown,
  restoreUnknown,
  type UnknownQuestion,
  type UnknownStatusFilter,
} from '../../../../../api/ai/unknown';
import { deleteRows, FormDialog, ListTable, runAction, sortableColumn, type ListSort } from '../../../../../components/ListPage';
import { useListPage } from '../../../../../hooks/useListPage';
import { toast } from '../../../../../utils/feedback';
import { parseTime } from '../../../../../utils/ruoyi';
import type { VariableChoice } from '../settings/useVariableChoices';
import KnowledgeForm from './KnowledgeForm';

interface UnknownTabProps {
  agentId: number;
  choices: VariableChoice[];
  /** The agent list shows the number of knowledge entries. */
  onChanged: () => void;
}

type Filters = { status: UnknownStatusFilter; keyword?: string } & ListSort;

const STATUS_OPTIONS: { value: UnknownStatusFilter; label: string }[] = [
  { value: 'pending', label: '待处理' },
  { value: 'handled', label: '已处理' },
  { value: 'ignored', label: '已忽略' },
];

const OUTCOME_TAGS = {
  clarify: <Tag color="blue">澄清</Tag>,
  fallback: <Tag color="orange">兜底</Tag>,
};

const EMPTY_TEXT = '客户消息未能直接回答（澄清或兜底）时会收集到这里，相似的问法归为一组；可添加为已有知识的相似问法、新建知识或忽略。';

/** How many entries the 添加为相似问法 picker offers for what is typed. */
const PICK_MAX = 50;

const knowledgeKey = (agentId: number) => `ai/agent/${agentId}/knowledge`;

function Question({ row }: { row: UnknownQuestion }) {
  return (
    <Space size={4} wrap>
      <Typography.Text>{row.question}</Typography.Text>
      {row.samples.length > 0 && (
        <Tooltip
          title={
            <div>
              <div>其他问法（最近的在前）：</div>
              {row.samples.map((s) => (
                <div key={s}>· {s}</div>
              ))}
            </div>
          }
        >
          <Tag style={{ cursor: 'help' }}>+{row.samples.length}种问法</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

function Handled({ row }: { row: UnknownQuestion }) {
  const what = row.status === 'added' ? '已添加为相似问法' : row.status === 'created' ? '已新建知识' : '已忽略';
  return (
    <Tooltip title={row.handledTime ? `${row.handledBy} ${parseTime(row.handledTime)}` : undefined}>
      <Typography.Text type="secondary">{what}</Typography.Text>
    </Tooltip>
  );
}

interface DialogProps {
  agentId: number;
  row: UnknownQuestion;
  onClose: () => void;
  onDone: () => void;
}

/** 添加为相似问法: pick an entry (the closest one preselected), optionally with the group's other phrasings. */
function AttachDialog({ agentId, row, onClose, onDone }: DialogProps) {
  const [search, setSearch] = useState('');
  const [knowledgeId, setKnowledgeId] = useState<number | undefined>(row.candidates[0]?.id);
  const [includeSamples, setIncludeSamples] = useState(false);
  const [saving, setSaving] = useState(false);
  const found = useQuery({
    queryKey: [knowledgeKey(agentId), 'pick', search],
    queryFn: () => listKnowledge(agentId, { keyword: search || undefined, pageSize: PICK_MAX }),
  });
  const entries: { value: number; label: string }[] = [
    ...row.candidates.map((c) => ({ value: c.id, label: c.name })),
    ...(found.data?.rows ?? []).map((k: Knowledge) => ({ value: k.knowledgeId!, label: k.question })),
  ].filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i);

  const submit = async () => {
    if (!knowledgeId) return;
    setSaving(true);
    try {
      await attachUnknown(agentId, row.unknownId, knowledgeId, includeSamples);
      toast.success('已添加为相似问法');
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title="添加为相似问法"
      okText="确 定"
      cancelText="取 消"
      okButtonProps={{ disabled: !knowledgeId }}
      confirmLoading={saving}
      // A refusal has already been shown by the request layer; the dialog stays open.
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        把「{row.question}」添加为下面知识的相似问法，以后同样的问题会直接回答。
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="知识问答" required>
          <Select
            aria-label="选择知识问答"
            placeholder="搜索问题"
            value={knowledgeId}
            onChange={setKnowledgeId}
            options={entries}
            loading={found.isFetching}
            showSearch={{ filterOption: false, onSearch: (value) => setSearch(value.trim()) }}
            notFoundContent={found.isFetching ? '加载中…' : '没有匹配的知识'}
          />
        </Form.Item>
        {row.samples.length > 0 && (
          <Checkbox checked={includeSamples} onChange={(e) => setIncludeSamples(e.target.checked)}>
            同时添加其他{row.samples.length}种问法
          </Checkbox>
        )}
      </Form>
    </Modal>
  );
}

interface CreateDialogProps extends DialogProps {
  choices: VariableChoice[];
}

/** 新建知识: the knowledge dialog of 知识问答, filled with the group's question and other phrasings. */
function CreateDialog({ agentId, choices, row, onClose, onDone }: CreateDialogProps) {
  const [form] = Form.useForm<Knowledge>();
  const [saving, setSaving] = useState(false);
  // After the form has mounted (the dialog renders it at once), so the values land in its fields.
  useEffect(() => {
    form.setFieldsValue({ question: row.question, similarQuestions: row.samples, answer: '', status: '0' });
  }, [form, row]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await createKnowledgeFromUnknown(agentId, row.unknownId, values);
      toast.success('新增成功');
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    // A refusal has already been shown by the request layer; the dialog stays open.
    <FormDialog form={form} open saving={saving} title="新建知识问答" onOk={() => void submit().catch(() => undefined)} onCancel={onClose} width={680} labelWidth={90}>
      <KnowledgeForm agentId={agentId} choices={choices} />
    </FormDialog>
  );
}

/**
 * 未知问题: customer messages the agent could not answer directly, grouped by similarity and counted,
 * each handled in one click: added to an entry as another phrasing, made into a new entry, or ignored.
 */
export default function UnknownTab({ agentId, choices, onChanged }: UnknownTabProps) {
  const queryClient = useQueryClient();
  const list = useListPage<UnknownQuestion, Filters>(`ai/agent/${agentId}/unknown`, (q) => listUnknown(agentId, q), { status: 'pending' });
  const [attaching, setAttaching] = useState<UnknownQuestion | null>(null);
  const [creating, setCreating] = useState<UnknownQuestion | null>(null);
  const status = list.filters.status;
  const selected = list.selectedKeys.map(Number);

  const reload = (knowledgeChanged: boolean) => {
    list.setSelectedKeys([]);
    list.refresh();
    if (!knowledgeChanged) return;
    // The 知识问答 tab (and the entry picker) read the entries through this key prefix.
    void queryClient.invalidateQueries({ queryKey: [knowledgeKey(agentId)] });
    onChanged();
  };

  const ignore = (ids: number[]) => void runAction(() => ignoreUnknown(agentId, ids), '已忽略').then(() => reload(false));
  const restore = (ids: number[]) => void runAction(() => restoreUnknown(agentId, ids), '已恢复为待处理').then(() => reload(false));
  const remove = (ids: number[]) => void deleteRows('未知问题', ids, (x) => delUnknown(agentId, x), () => reload(false));

  const sort = { orderByColumn: list.filters.orderByColumn, isAsc: list.filters.isAsc };
  const columns: TableColumnsType<UnknownQuestion> = [
    { title: '问题', key: 'question', render: (_v, row) => <Question row={row} /> },
    sortableColumn<UnknownQuestion>({ title: '次数', key: 'hits', dataIndex: 'hits', width: 80, align: 'center' }, sort),
    sortableColumn<UnknownQuestion>({ title: '最近时间', key: 'lastTime', dataIndex: 'lastTime', width: 160, render: (v: string) => parseTime(v) }, sort),
    { title: '结果', key: 'outcome', width: 70, align: 'center', render: (_v, row) => OUTCOME_TAGS[row.outcome] },
    {
      title: '最接近的知识',
      key: 'candidates',
      width: 200,
      render: (_v, row) =>
        row.candidates.length === 0 ? (
          <Typography.Text type="secondary">无</Typography.Text>
        ) : (
          <Space size={[0, 4]} wrap>
            {row.candidates.map((c) => (
              <Tag key={c.id} title={`相似度 ${c.score.toFixed(2)}`}>
                {c.name} {c.score.toFixed(2)}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 250,
      align: 'center',
      render: (_v, row) => {
        if (row.status === 'pending') {
          return (
            <span style={{ whiteSpace: 'nowrap' }}>
              <Button type="link" size="small" onClick={() => setAttaching(row)}>
                添加为相似问法
              </Button>
              <Button type="link" size="small" onClick={() => setCreating(row)}>
                新建知识
              </Button>
              <Button type="link" size="small" onClick={() => ignore([row.unknownId])}>
                忽略
              </Button>
            </span>
          );
        }
        if (row.status === 'ignored') {
          return (
            <Button type="link" size="small" onClick={() => restore([row.unknownId])}>
              恢复
            </Button>
          );
        }
        return <Handled row={row} />;
      },
    },
  ];

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <Segmented<UnknownStatusFilter> aria-label="处理状态" options={STATUS_OPTIONS} value={status} onChange={(next) => list.search({ status: next })} />
        <Input.Search
          aria-label="搜索未知问题"
          placeholder="搜索问题"
          allowClear
          style={{ width: 220 }}
          onSearch={(keyword) => list.search({ keyword: keyword.trim() || undefined })}
        />
        <Space wrap>
          {status === 'pending' && (
            <Button icon={<EyeInvisibleOutlined />} disabled={selected.length === 0} onClick={() => ignore(selected)}>
              忽略
            </Button>
          )}
          {status === 'ignored' && (
            <Button disabled={selected.length === 0} onClick={() => restore(selected)}>
              恢复
            </Button>
          )}
          <Button color="danger" variant="outlined" icon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => remove(selected)}>
            删除
          </Button>
        </Space>
      </div>
      <ConfigProvider renderEmpty={() => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} />}>
        <ListTable<UnknownQuestion> list={list} rowKey="unknownId" minWidth={900} columns={columns} onSort={(next) => list.search(next)} />
      </ConfigProvider>
      {attaching && (
        <AttachDialog
          agentId={agentId}
          row={attaching}
          onClose={() => setAttaching(null)}
          onDone={() => {
            setAttaching(null);
            reload(true);
          }}
        />
      )}
      {creating && (
        <CreateDialog
          agentId={agentId}
          choices={choices}
          row={creating}
          onClose={() => setCreating(null)}
          onDone={() => {
            setCreating(null);
            reload(true);
          }}
        />
      )}
    </>
  );
}
