import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { Button, DatePicker, Empty, Form, Spin, type TableColumnsType } from 'antd';
import { CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { getJob } from '../../../api/monitor/job';
import { cleanJobLog, delJobLog, listJobLog, type JobLogQuery, type SysJobLog } from '../../../api/monitor/jobLog';
import {
  confirmAction,
  deleteRows,
  dictColumn,
  IconAction,
  ListTable,
  ListToolbar,
  SearchBar,
  SearchDict,
  SearchText,
  textColumn,
} from '../../../components/ListPage';
import { useCloseTab } from '../../../hooks/useCloseTab';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import { parseTime } from '../../../utils/ruoyi';
import JobLogDetail from './components/JobLogDetail';

const PERM = 'monitor:job';

function JobLogList({ initial }: { initial: JobLogQuery }) {
  const { sys_job_group: groups, sys_common_status: statuses } = useDict('sys_job_group', 'sys_common_status');
  const list = useListPage<SysJobLog, JobLogQuery>('monitor/jobLog', listJobLog, initial);
  const [viewing, setViewing] = useState<number | undefined>(undefined);
  const closeDetail = useCallback(() => setViewing(undefined), []);
  const close = useCloseTab('/monitor/job');
  const remove = (chosen: number[]) =>
    void deleteRows('调度日志', chosen, delJobLog, () => {
      list.setSelectedKeys([]);
      list.refresh();
    });

  const columns: TableColumnsType<SysJobLog> = [
    { ...textColumn<SysJobLog>('日志编号', 'jobLogId'), width: 90 },
    textColumn<SysJobLog>('任务名称', 'jobName', true),
    { ...dictColumn<SysJobLog>('任务组名', 'jobGroup', groups), width: 100 },
    textColumn<SysJobLog>('调用目标字符串', 'invokeTarget', true),
    textColumn<SysJobLog>('日志信息', 'jobMessage', true),
    { ...dictColumn<SysJobLog>('执行状态', 'status', statuses), width: 100 },
    { title: '执行时间', dataIndex: 'createTime', align: 'center', width: 180, render: (v: string) => parseTime(v) },
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      fixed: 'right',
      width: 90,
      render: (_v, row) => <IconAction perm={`${PERM}:query`} title="详细" icon={<EyeOutlined />} onClick={() => setViewing(row.jobLogId)} />,
    },
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={initial}>
        <SearchText label="任务名称" name="jobName" />
        <SearchDict label="任务组名" name="jobGroup" placeholder="请选择任务组名" options={groups} />
        <SearchDict label="执行状态" name="status" placeholder="请选择执行状态" options={statuses} />
        <Form.Item label="执行时间" name="dateRange">
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: 240 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar
        perm={PERM}
        list={list}
        onDelete={remove}
        onClean={() => void confirmAction('是否确认清空所有调度日志数据项?', cleanJobLog, '清空成功', list.refresh)}
        exportUrl="/monitor/jobLog/export"
        exportName="job_log"
      >
        <Button color="orange" variant="outlined" icon={<CloseOutlined />} onClick={close}>
          关闭
        </Button>
      </ListToolbar>
      <ListTable list={list} rowKey="jobLogId" columns={columns} minWidth={1000} />
      <JobLogDetail jobLogId={viewing} onClose={closeDetail} />
    </div>
  );
}

/**
 * 调度日志 (screens §4.3, route /monitor/job-log/index/:jobId): every run, or one job's runs when jobId is
 * not 0 (its name and group fill the filters).
 */
export default function JobLogPage() {
  const jobId = Number(useParams().jobId);
  const job = useQuery({ queryKey: ['monitor/job/detail', jobId], queryFn: () => getJob(jobId), enabled: jobId !== 0 });
  if (jobId === 0) return <JobLogList initial={{}} />;
  if (job.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  const found = job.data?.data;
  if (!found) return <Empty description="任务不存在" style={{ margin: 48 }} />;
  return <JobLogList key={jobId} initial={{ jobName: found.jobName, jobGroup: found.jobGroup }} />;
}
