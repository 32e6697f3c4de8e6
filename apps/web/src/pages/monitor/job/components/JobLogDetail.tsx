import { Descriptions, Tag } from 'antd';
import { JobLogStatus } from '@acs/shared/job';
import { getJobLog } from '../../../../api/monitor/jobLog';
import DictTag from '../../../../components/DictTag';
import { useDict } from '../../../../hooks/useDict';
import { parseTime } from '../../../../utils/ruoyi';
import CodeBlock from './CodeBlock';
import DetailModal from './DetailModal';

interface JobLogDetailProps {
  /** The log entry shown; closed when undefined. */
  jobLogId: number | undefined;
  onClose: () => void;
}

const dash = (v: string | null | undefined) => v || '-';

/** Milliseconds between two wire times (yyyy-MM-dd HH:mm:ss), or undefined when either is missing. */
function elapsedMs(start: string | null, end: string | null): number | undefined {
  if (!start || !end) return undefined;
  const ms = (t: string) => new Date(t.replace(/-/g, '/').replace('T', ' ')).getTime();
  const diff = ms(end) - ms(start);
  return Number.isNaN(diff) ? undefined : diff;
}

/** 调度日志详细 (screens §4.3): one run of a job, with its exception when it failed. */
export default function JobLogDetail({ jobLogId, onClose }: JobLogDetailProps) {
  const { sys_job_group: groups } = useDict('sys_job_group');

  return (
    <DetailModal title="调度日志详细" id={jobLogId} queryKey="monitor/jobLog/detail" load={getJobLog} onClose={onClose}>
      {(log) => {
        const ok = log.status === JobLogStatus.SUCCESS;
        const elapsed = ok ? elapsedMs(log.startTime, log.endTime) : undefined;
        return (
          <>
            <Descriptions title="基本信息" column={2} bordered size="small">
              <Descriptions.Item label="日志编号">{log.jobLogId}</Descriptions.Item>
              <Descriptions.Item label="执行状态">{ok ? <Tag color="success">正常</Tag> : <Tag color="error">失败</Tag>}</Descriptions.Item>
              <Descriptions.Item label="开始时间">{dash(parseTime(log.startTime))}</Descriptions.Item>
              <Descriptions.Item label="结束时间">{dash(parseTime(log.endTime))}</Descriptions.Item>
              <Descriptions.Item label="记录时间">{dash(parseTime(log.createTime))}</Descriptions.Item>
              <Descriptions.Item label="执行耗时">{elapsed === undefined ? '-' : `${elapsed} 毫秒`}</Descriptions.Item>
            </Descriptions>
            <Descriptions title="任务信息" column={2} bordered size="small">
              <Descriptions.Item label="任务名称">{log.jobName}</Descriptions.Item>
              <Descriptions.Item label="任务分组">
                <DictTag options={groups} value={log.jobGroup} />
              </Descriptions.Item>
              <Descriptions.Item label="日志信息" span={2}>
                {dash(log.jobMessage)}
              </Descriptions.Item>
            </Descriptions>
            <CodeBlock title="调用目标" code={log.invokeTarget} />
            {!ok && log.exceptionInfo && <CodeBlock title="异常信息" code={log.exceptionInfo} error />}
          </>
        );
      }}
    </DetailModal>
  );
}
