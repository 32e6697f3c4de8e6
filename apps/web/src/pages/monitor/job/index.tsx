import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Space, type TableColumnsType } from 'antd';
import { CaretRightOutlined, DeleteOutlined, EditOutlined, OrderedListOutlined, ProfileOutlined } from '@ant-design/icons';
import { JobConcurrent, JobStatus, MisfirePolicy } from '@acs/shared/job';
import { addJob, changeJobStatus, delJob, getJob, listJob, runJob, updateJob, type JobQuery, type SysJob } from '../../../api/monitor/job';
import { HasPermi } from '../../../components/HasPermi';
import {
  confirmAction,
  dictColumn,
  FormDialog,
  IconAction,
  ListTable,
  ListToolbar,
  SearchBar,
  SearchDict,
  SearchText,
  textColumn,
  useCrudPage,
  useStatusColumn,
} from '../../../components/ListPage';
import { useAuth } from '../../../hooks/useAuth';
import { useDict } from '../../../hooks/useDict';
import { parseTime } from '../../../utils/ruoyi';
import JobDetail from './components/JobDetail';
import JobFormFields from './components/JobFormFields';

const PERM = 'monitor:job';
const FILTERS: JobQuery = {};

/** A new job: RuoYi's form defaults (执行策略 立即执行, 并发 禁止); the server stores it paused. */
const DEFAULTS: Partial<SysJob> = {
  jobGroup: 'DEFAULT',
  misfirePolicy: MisfirePolicy.IGNORE_MISFIRES,
  concurrent: JobConcurrent.FORBID,
  status: JobStatus.PAUSED,
};

/** 定时任务 (screens §4.2). */
export default function JobPage() {
  const navigate = useNavigate();
  const auth = useAuth();
  const { sys_job_group: groups, sys_job_status: statuses } = useDict('sys_job_group', 'sys_job_status');
  const [viewing, setViewing] = useState<number | undefined>(undefined);
  const closeDetail = useCallback(() => setViewing(undefined), []);
  const { list, dialog, remove } = useCrudPage({
    key: 'monitor/job',
    fetch: listJob,
    filters: FILTERS,
    entity: '任务',
    deleteEntity: '定时任务',
    defaults: DEFAULTS,
    api: { get: getJob, add: addJob, update: updateJob, remove: delJob },
  });

  // 执行一次; a refusal (任务不存在或已过期！) has been shown by the request layer.
  const runOnce = (job: SysJob) =>
    void confirmAction(`确认要立即执行一次"${job.jobName}"任务吗?`, () => runJob(job.jobId as number, job.jobGroup), '执行成功', list.refresh);

  const statusColumn = useStatusColumn<SysJob>({
    perm: PERM,
    permission: `${PERM}:changeStatus`,
    entity: '任务',
    idOf: (j) => j.jobId as number,
    nameOf: (j) => j.jobName,
    statusOf: (j) => j.status,
    change: changeJobStatus,
    reload: list.refresh,
  });

  const columns: TableColumnsType<SysJob> = [
    { ...textColumn<SysJob>('任务编号', 'jobId'), width: 90 },
    {
      ...textColumn<SysJob>('任务名称', 'jobName', true),
      render: (v: string, row) => (
        auth.hasPermi(`${PERM}:query`) ? (
          <Button type="link" size="small" style={{ padding: 0, maxWidth: '100%' }} onClick={() => setViewing(row.jobId)}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{v}</span>
          </Button>
        ) : (
          v
        )
      ),
    },
    { ...dictColumn<SysJob>('任务组名', 'jobGroup', groups), width: 100 },
    textColumn<SysJob>('调用目标字符串', 'invokeTarget', true),
    { ...textColumn<SysJob>('cron执行表达式', 'cronExpression', true), width: 150 },
    {
      title: '下次执行时间',
      dataIndex: 'nextValidTime',
      align: 'center',
      width: 170,
      render: (v: string | null) => parseTime(v) || '-',
    },
    statusColumn,
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      fixed: 'right',
      width: 170,
      render: (_v, row) => (
        <Space size={0}>
          <IconAction perm={`${PERM}:edit`} title="修改" icon={<EditOutlined />} onClick={() => dialog.openEdit(row.jobId as number)} />
          <IconAction perm={`${PERM}:remove`} title="删除" icon={<DeleteOutlined />} onClick={() => remove([row.jobId as number])} />
          <IconAction perm={`${PERM}:changeStatus`} title="执行一次" icon={<CaretRightOutlined />} onClick={() => runOnce(row)} />
          <IconAction
            perm={`${PERM}:query`}
            title="调度日志"
            icon={<OrderedListOutlined />}
            onClick={() => void navigate(`/monitor/job-log/index/${row.jobId}`)}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="任务名称" name="jobName" />
        <SearchDict label="任务组名" name="jobGroup" placeholder="请选择任务组名" options={groups} />
        <SearchText label="调用目标字符串" name="invokeTarget" />
        <SearchDict label="任务状态" name="status" placeholder="请选择任务状态" options={statuses} />
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onAdd={() => dialog.openAdd()}
        onEdit={dialog.openEdit}
        onDelete={remove}
        exportUrl="/monitor/job/export"
        exportName="job"
      >
        <HasPermi value={[`${PERM}:query`]}>
          <Button icon={<ProfileOutlined />} onClick={() => void navigate('/monitor/job-log/index/0')}>
            日志
          </Button>
        </HasPermi>
      </ListToolbar>
      <ListTable list={list} rowKey="jobId" columns={columns} minWidth={1100} />
      <FormDialog {...dialog.dialogProps} width={820} labelWidth={140}>
        <JobFormFields groups={groups} statuses={statuses} />
      </FormDialog>
      <JobDetail jobId={viewing} onClose={closeDetail} />
    </div>
  );
}
