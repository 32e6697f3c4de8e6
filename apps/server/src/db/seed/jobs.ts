import type { sysJob } from '../schema';

type JobSeed = Pick<typeof sysJob.$inferInsert, 'jobId' | 'jobName' | 'invokeTarget' | 'cronExpression'>;

/** Examples of the three invoke-target forms; seeded paused (status '1') so nothing runs uninvited. */
export const seedJobs: JobSeed[] = [
  { jobId: 1, jobName: '系统默认（无参）', invokeTarget: 'ryTask.ryNoParams', cronExpression: '0/10 * * * * ?' },
  { jobId: 2, jobName: '系统默认（有参）', invokeTarget: "ryTask.ryParams('ry')", cronExpression: '0/15 * * * * ?' },
  {
    jobId: 3, jobName: '系统默认（多参）', invokeTarget: "ryTask.ryMultipleParams('ry', true, 2000L, 316.50D, 100)",
    cronExpression: '0/20 * * * * ?',
  },
];
