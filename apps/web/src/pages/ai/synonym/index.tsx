import { Alert, Form, Select, Tabs, type TableColumnsType } from 'antd';
import {
  addSynonym,
  changeSynonymStatus,
  delSynonym,
  getSynonym,
  listSynonym,
  updateSynonym,
  type Synonym,
  type SynonymQuery,
} from '../../../api/ai/synonym';
import {
  actionColumn,
  createTimeColumn,
  FormDialog,
  ListTable,
  ListToolbar,
  SearchBar,
  SearchDict,
  SearchText,
  useCrudPage,
  useStatusColumn,
} from '../../../components/ListPage';
import { useAuth } from '../../../hooks/useAuth';
import { useDict } from '../../../hooks/useDict';
import { useAgentOptions } from '../variable/components/useAgentOptions';
import BuiltinPanel from './components/BuiltinPanel';
import SynonymFields from './components/SynonymFields';
import WordTags from './components/WordTags';

const PERM = 'ai:synonym';
const FILTERS: SynonymQuery = {};
const DEFAULTS: Partial<Synonym> = { agentId: null, words: [], status: '0' };
const EXPLANATION =
  '客户用不同说法问同一件事时（如“包邮”和“运费”），系统会把同一组里的词当作同一个意思来匹配知识库。内置词库已覆盖常见客服用语，这里可以补充本行业的说法。';

/** 同义词: the groups admins add to the engine's built-in lexicon, global or for one agent. */
export default function SynonymPage() {
  const auth = useAuth();
  const { sys_normal_disable: statuses = [] } = useDict('sys_normal_disable');
  const agents = useAgentOptions(auth.hasPermi('ai:agent:list'));
  const { list, dialog, remove } = useCrudPage({
    key: 'ai/synonym',
    fetch: listSynonym,
    filters: FILTERS,
    entity: '同义词',
    defaults: DEFAULTS,
    api: { get: getSynonym, add: addSynonym, update: updateSynonym, remove: delSynonym },
  });
  const statusColumn = useStatusColumn<Synonym>({
    perm: PERM,
    entity: '同义词',
    idOf: (r) => r.synonymId!,
    nameOf: (r) => r.words[0],
    statusOf: (r) => r.status,
    change: changeSynonymStatus,
    reload: list.refresh,
  });

  const columns: TableColumnsType<Synonym> = [
    { title: '同义词', key: 'words', render: (_v, row) => <WordTags words={row.words} /> },
    { title: '适用客服', dataIndex: 'agentName', align: 'center', width: 160, ellipsis: true },
    { ...statusColumn, width: 80 },
    createTimeColumn<Synonym>(),
    actionColumn(PERM, (row) => row.synonymId!, dialog.openEdit, remove),
  ];

  const custom = (
    <>
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="词语" name="word" />
        <Form.Item label="适用客服" name="agentId">
          <Select
            placeholder="请选择适用客服"
            allowClear
            showSearch
            optionFilterProp="label"
            options={[{ value: 'global', label: '全部客服' }, ...agents]}
            style={{ width: 200 }}
          />
        </Form.Item>
        <SearchDict label="状态" name="status" placeholder="同义词状态" options={statuses} />
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd()}
        onEdit={dialog.openEdit}
        onDelete={remove}
        exportUrl="/ai/synonym/export"
        exportName="synonym"
      />
      <ListTable list={list} rowKey="synonymId" columns={columns} minWidth={900} />
    </>
  );

  return (
    <div className="app-container">
      <Alert style={{ marginBottom: 12 }} type="info" showIcon title={EXPLANATION} />
      <Tabs
        items={[
          { key: 'custom', label: '自定义同义词', children: custom },
          { key: 'builtin', label: '内置词库', children: <BuiltinPanel /> },
        ]}
      />
      <FormDialog {...dialog.dialogProps} width={640} labelWidth={90}>
        <SynonymFields form={dialog.form} statuses={statuses} agents={agents} />
      </FormDialog>
    </div>
  );
}
