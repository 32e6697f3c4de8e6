import { useState } from 'react';
import { Button, Form, Select, type TableColumnsType } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { DISTRIBUTION_METHOD_LABELS, DISTRIBUTION_METHODS } from '@acs/shared';
import {
  addDistribution,
  changeDistributionStatus,
  delDistribution,
  getDistribution,
  listDistribution,
  updateDistribution,
  type DistributionQuery,
  type DistributionRule,
} from '../../../api/crm/distribution';
import { HasPermi } from '../../../components/HasPermi';
import {
  actionColumn,
  deleteRows,
  FormDialog,
  ListTable,
  ListToolbar,
  SearchBar,
  SearchDict,
  SearchText,
  useFormDialog,
  useStatusColumn,
} from '../../../components/ListPage';
import { useAuth } from '../../../hooks/useAuth';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import { useAgentOptions } from '../../ai/variable/components/useAgentOptions';
import { ruleColumns } from './components/columns';
import LogDialog from './components/LogDialog';
import { toRuleBody, type RuleForm } from './components/ruleBody';
import RuleFields from './components/RuleFields';
import './components/distribution.css';

const PERM = 'crm:distribution';
const FILTERS: DistributionQuery = {};
const METHOD_OPTIONS = DISTRIBUTION_METHODS.map((value) => ({ value, label: DISTRIBUTION_METHOD_LABELS[value] }));
const DEFAULTS: Partial<RuleForm> = {
  priority: 0,
  scope: { channels: [], agentIds: [], sources: [] },
  method: 'round_robin',
  firstContactMinutes: 30,
  reclaimMinutes: 0,
  reclaimTo: 'pool',
  webhookKind: '',
  webhookUrl: '',
  status: '0',
  members: [],
};

/** 员工分配: the rules that give new leads to sales staff, in priority order. */
export default function DistributionPage() {
  const auth = useAuth();
  const { sys_normal_disable: statuses = [] } = useDict('sys_normal_disable');
  const agents = useAgentOptions(auth.hasPermi('ai:agent:list'));
  const [logOf, setLogOf] = useState<DistributionRule>();
  const list = useListPage<DistributionRule, DistributionQuery>('crm/distribution', listDistribution, FILTERS);
  const dialog = useFormDialog<RuleForm>({
    entity: '分配规则',
    defaults: DEFAULTS,
    api: {
      get: getDistribution,
      add: (rule) => addDistribution(toRuleBody(rule)),
      update: (rule) => updateDistribution(toRuleBody(rule)),
    },
    onSaved: () => list.refresh(),
  });
  const remove = (ids: number[]) =>
    void deleteRows('分配规则', ids, delDistribution, () => {
      list.setSelectedKeys([]);
      list.refresh();
    });
  const agentName = (id: number) => agents.find((a) => a.value === id)?.label;

  const statusColumn = useStatusColumn<DistributionRule>({
    perm: PERM,
    entity: '分配规则',
    idOf: (r) => r.ruleId,
    nameOf: (r) => r.name,
    statusOf: (r) => r.status,
    change: changeDistributionStatus,
    reload: list.refresh,
  });

  const columns: TableColumnsType<DistributionRule> = [
    ...ruleColumns(agentName),
    { ...statusColumn, width: 72 },
    {
      ...actionColumn<DistributionRule>(PERM, (r) => r.ruleId, dialog.openEdit, remove, (r) => (
        <HasPermi value={[`${PERM}:query`]}>
          <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setLogOf(r)}>
            分配记录
          </Button>
        </HasPermi>
      )),
      // Three link buttons, 分配记录 wider than the two-character ones actionColumn sizes for.
      width: 240,
    },
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="规则名称" name="name" />
        <Form.Item label="分配方式" name="method">
          <Select placeholder="全部方式" allowClear options={METHOD_OPTIONS} style={{ width: 200 }} />
        </Form.Item>
        <SearchDict label="状态" name="status" placeholder="规则状态" options={statuses} />
      </SearchBar>
      <ListToolbar perm={PERM} list={list} onAdd={() => dialog.openAdd()} onEdit={dialog.openEdit} onDelete={remove} />
      <ListTable list={list} rowKey="ruleId" columns={columns} minWidth={1000} />
      <FormDialog {...dialog.dialogProps} width={1040} labelWidth={96}>
        <RuleFields form={dialog.form} />
      </FormDialog>
      {logOf && <LogDialog rule={logOf} onClose={() => setLogOf(undefined)} />}
    </div>
  );
}
