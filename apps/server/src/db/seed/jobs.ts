import type { sysJob } from '../schema';

type JobSeed = Pick<
  typeof sysJob.$inferInsert,
  'jobId' | 'jobName' | 'jobGroup' | 'invokeTarget' | 'cronExpression' | 'misfirePolicy' | 'concurrent' | 'status' | 'remark'
>;

const ruoyiDemo = { jobGroup: 'DEFAULT', misfirePolicy: '3', concurrent: '1', status: '1', remark: '' };

/**
 * RuoYi's examples of the three invoke-target forms, seeded paused (status '1') so nothing runs uninvited,
 * then the product's own jobs (docs/jobs.md). Lead reclaim and the 客服数据 rollup ran on timers before
 * and run from the start; the two clean-ups are new behaviour and wait for an administrator to start them.
 * Migration 0009 adds jobs 4–7 and 0010 adds job 8 to installs seeded earlier: keep them in step.
 * The Douyin token refresh runs from the start: a bound account's access token lasts only 15 days.
 */
export const seedJobs: JobSeed[] = [
  { jobId: 1, jobName: '系统默认（无参）', invokeTarget: 'ryTask.ryNoParams', cronExpression: '0/10 * * * * ?', ...ruoyiDemo },
  { jobId: 2, jobName: '系统默认（有参）', invokeTarget: "ryTask.ryParams('ry')", cronExpression: '0/15 * * * * ?', ...ruoyiDemo },
  {
    jobId: 3, jobName: '系统默认（多参）', invokeTarget: "ryTask.ryMultipleParams('ry', true, 2000L, 316.50D, 100)",
    cronExpression: '0/20 * * * * ?', ...ruoyiDemo,
  },
  {
    jobId: 4, jobName: '线索超时回收', jobGroup: 'SYSTEM', invokeTarget: 'crmTask.reclaimLeads', cronExpression: '0 * * * * ?',
    misfirePolicy: '2', concurrent: '1', status: '0', remark: '按员工分配规则的回收时间收回未跟进的线索',
  },
  {
    jobId: 5, jobName: '客服数据日汇总', jobGroup: 'SYSTEM', invokeTarget: 'csDataTask.rollup', cronExpression: '0 0/10 * * * ?',
    misfirePolicy: '2', concurrent: '1', status: '0', remark: '重算最近几天的客服数据日报表',
  },
  {
    jobId: 6, jobName: '结束空闲会话', jobGroup: 'SYSTEM', invokeTarget: 'chatTask.closeIdleConversations(1440)',
    cronExpression: '0 0/5 * * * ?', misfirePolicy: '3', concurrent: '1', status: '1', remark: '结束一天没有新消息的访客会话',
  },
  {
    jobId: 7, jobName: '清理过期日志', jobGroup: 'SYSTEM', invokeTarget: 'logTask.cleanLogs(180)', cronExpression: '0 30 3 * * ?',
    misfirePolicy: '2', concurrent: '1', status: '1', remark: '删除180天前的操作日志、登录日志和调度日志',
  },
  {
    jobId: 8, jobName: '抖音令牌刷新', jobGroup: 'SYSTEM', invokeTarget: 'channelTask.refreshDouyinTokens', cronExpression: '0 0/30 * * * ?',
    misfirePolicy: '2', concurrent: '1', status: '0', remark: '在抖音账号的令牌过期前刷新和续期',
  },
];
