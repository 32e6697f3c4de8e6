import { Descriptions, Tag } from 'antd';
import { JobConcurrent, JobStatus, JOB_CONCURRENT_LABELS } from '@acs/shared/job';
import { getJob } from '../../../../api/monitor/job';
import DictTag from '../../../../components/DictTag';
import { useDict } from '../../../../hooks/useDict';
import { parseTime } from '../../../../utils/ruoyi';
import { MISFIRE_LABELS } from './choices';
import CodeBlock from './CodeBlock';
import DetailModal from './DetailModal';

interface JobDetailProps {
  /** The job shown; closed when undefined. */
  jobId: number | undefined;
  onClose: () => void;
}

const dash = (v: string | null | undefined) => v || '-';

/** 任务详细 (screens §4.2, job/detail.vue): the job's settings as stored, fetched when opened. */
export default function JobDetail({ jobId, onClose }: JobDetailProps) {
  const { sys_job_group: groups } = useDict('sys_job_group');

  return (
    <DetailModal title="任务详细" id={jobId} queryKey="monitor/job/detail" load={getJob} onClose={onClose}>
      {(job) => (
        <>
          <Descriptions title="任务配置" column={2} bordered size="small">
            <Descriptions.Item label="任务编号">{job.jobId}</Descriptions.Item>
            <Descriptions.Item label="任务名称">{job.jobName}</Descriptions.Item>
            <Descriptions.Item label="任务分组">
              <DictTag options={groups} value={job.jobGroup} />
            </Descriptions.Item>
            <Descriptions.Item label="执行状态">
              {job.status === JobStatus.NORMAL ? <Tag color="success">正常</Tag> : <Tag color="error">暂停</Tag>}
            </Descriptions.Item>
          </Descriptions>
          <Descriptions title="调度信息" column={2} bordered size="small">
            <Descriptions.Item label="cron表达式">
              <code>{job.cronExpression}</code>
            </Descriptions.Item>
            <Descriptions.Item label="下次执行时间">{dash(parseTime(job.nextValidTime))}</Descriptions.Item>
            <Descriptions.Item label="执行策略">
              <Tag>{MISFIRE_LABELS[job.misfirePolicy] ?? job.misfirePolicy}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="并发执行">
              <Tag color={job.concurrent === JobConcurrent.ALLOW ? 'success' : 'warning'}>
                {JOB_CONCURRENT_LABELS[job.concurrent] ?? job.concurrent}
              </Tag>
            </Descriptions.Item>
          </Descriptions>
          <CodeBlock title="执行方法" code={job.invokeTarget} />
          <Descriptions title="元信息" column={2} bordered size="small">
            <Descriptions.Item label="创建人">{dash(job.createBy)}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{dash(parseTime(job.createTime))}</Descriptions.Item>
            <Descriptions.Item label="更新人">{dash(job.updateBy)}</Descriptions.Item>
            <Descriptions.Item label="更新时间">{dash(parseTime(job.updateTime))}</Descriptions.Item>
            {job.remark ? (
              <Descriptions.Item label="备注" span={2}>
                {job.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        </>
      )}
    </DetailModal>
  );
}
