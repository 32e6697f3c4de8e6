import { Form, Input, Typography, type TableColumnsType } from 'antd';
import { addBossJob, delBossJob, listBossJob, updateBossJob, type BossJob } from '../../../../api/channel/bossZP';
import {
  actionColumn,
  createTimeColumn,
  dictColumn,
  DictRadioField,
  FormDialog,
  ListTable,
  ListToolbar,
  RemarkField,
  SearchBar,
  SearchText,
  TextField,
} from '../../../../components/ListPage';
import { useDict } from '../../../../hooks/useDict';
import { PERM } from './accountColumns';
import AccountField, { SearchAccount } from './AccountField';
import AgentField from './AgentField';
import { useBossAccountOptions } from './options';
import { useRowCrudPage } from './useRowCrudPage';

interface JobQuery {
  accountId?: number;
  title?: string;
}

const FILTERS: JobQuery = {};
const DEFAULTS: Partial<BossJob> = { externalId: '', title: '', city: '', salary: '', requirements: '', agentId: null, agentName: '', status: '0', remark: '' };
const REQUIREMENTS_MAX = 2000;

/** 职位: what each account hires for, and the AI agent that answers its candidates. */
export default function JobsTab() {
  const { sys_normal_disable: statuses } = useDict('sys_normal_disable');
  const accounts = useBossAccountOptions();
  const { list, dialog, remove } = useRowCrudPage<BossJob, JobQuery>({
    key: 'channel/bossZP/job',
    fetch: listBossJob,
    filters: FILTERS,
    entity: '职位',
    defaults: DEFAULTS,
    idOf: (r) => r.jobId,
    api: { add: addBossJob, update: updateBossJob, remove: delBossJob },
  });

  const columns: TableColumnsType<BossJob> = [
    {
      title: '职位',
      key: 'title',
      width: 180,
      render: (_v, row) => (
        <div className="boss-two-lines">
          <Typography.Text strong ellipsis={{ tooltip: row.title }}>
            {row.title}
          </Typography.Text>
          {row.externalId && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.externalId }}>
              职位ID {row.externalId}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { title: '招聘账号', key: 'accountId', align: 'center', width: 160, ellipsis: true, render: (_v, row) => accounts.nameOf(row.accountId) },
    { title: '城市', dataIndex: 'city', align: 'center', width: 90, render: (v: string) => v || '-' },
    { title: '薪资', dataIndex: 'salary', align: 'center', width: 120, render: (v: string) => v || '-' },
    { title: '职位要求', dataIndex: 'requirements', ellipsis: { showTitle: true }, render: (v: string) => v || '-' },
    {
      title: 'AI客服',
      key: 'agentName',
      align: 'center',
      width: 120,
      ellipsis: true,
      render: (_v, row) => row.agentName || <Typography.Text type="secondary">沿用账号客服</Typography.Text>,
    },
    { ...dictColumn<BossJob>('状态', 'status', statuses), width: 72 },
    createTimeColumn(),
    actionColumn<BossJob>(PERM, (row) => row.jobId!, dialog.openEdit, remove),
  ];

  return (
    <>
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchAccount />
        <SearchText label="职位名称" name="title" />
      </SearchBar>
      <ListToolbar perm={PERM} list={list} onAdd={() => dialog.openAdd({ accountId: list.filters.accountId })} onEdit={dialog.openEdit} onDelete={remove} />
      <ListTable list={list} rowKey="jobId" columns={columns} minWidth={1200} />
      <FormDialog {...dialog.dialogProps} width={620} labelWidth={90}>
        <AccountField required="请选择招聘账号" placeholder="职位所属的招聘账号" />
        <TextField label="职位名称" name="title" required="职位名称不能为空" maxLength={100} />
        <TextField label="职位ID" name="externalId" placeholder="BOSS直聘上的职位ID（选填）" maxLength={64} tooltip="自动化客户端推送候选人消息时带上职位ID，用它把会话对应到这个职位" />
        <TextField label="城市" name="city" maxLength={50} />
        <TextField label="薪资" name="salary" placeholder="如 15-25K·13薪" maxLength={50} />
        <Form.Item label="职位要求" name="requirements" tooltip="AI客服回答候选人时参考的职位说明">
          <Input.TextArea rows={4} maxLength={REQUIREMENTS_MAX} showCount placeholder="学历、经验、技能、工作内容等" />
        </Form.Item>
        <AgentField placeholder="不选则沿用招聘账号的客服" tooltip="回答这个职位候选人的AI客服" />
        <DictRadioField label="状态" name="status" options={statuses} />
        <RemarkField />
      </FormDialog>
    </>
  );
}
