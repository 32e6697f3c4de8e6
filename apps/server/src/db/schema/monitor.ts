import { bigint, char, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { audit, idColumn, remark, ts } from './columns';

export const sysLogininfor = pgTable('sys_logininfor', {
  infoId: idColumn('info_id', 100),
  userName: varchar('user_name', { length: 50 }).notNull().default(''),
  ipaddr: varchar('ipaddr', { length: 128 }).notNull().default(''),
  loginLocation: varchar('login_location', { length: 255 }).notNull().default(''),
  browser: varchar('browser', { length: 50 }).notNull().default(''),
  os: varchar('os', { length: 50 }).notNull().default(''),
  status: char('status', { length: 1 }).notNull().default('0'),
  msg: varchar('msg', { length: 255 }).notNull().default(''),
  loginTime: ts('login_time'),
}, (t) => [index('idx_sys_logininfor_s').on(t.status), index('idx_sys_logininfor_lt').on(t.loginTime)]);

export const sysOperLog = pgTable('sys_oper_log', {
  operId: idColumn('oper_id', 100),
  title: varchar('title', { length: 50 }).notNull().default(''),
  businessType: integer('business_type').notNull().default(0),
  method: varchar('method', { length: 200 }).notNull().default(''),
  requestMethod: varchar('request_method', { length: 10 }).notNull().default(''),
  operatorType: integer('operator_type').notNull().default(0),
  operName: varchar('oper_name', { length: 50 }).notNull().default(''),
  deptName: varchar('dept_name', { length: 50 }).notNull().default(''),
  operUrl: varchar('oper_url', { length: 255 }).notNull().default(''),
  operIp: varchar('oper_ip', { length: 128 }).notNull().default(''),
  operLocation: varchar('oper_location', { length: 255 }).notNull().default(''),
  operParam: varchar('oper_param', { length: 2000 }).notNull().default(''),
  jsonResult: varchar('json_result', { length: 2000 }).notNull().default(''),
  status: integer('status').notNull().default(0),
  errorMsg: varchar('error_msg', { length: 2000 }).notNull().default(''),
  operTime: ts('oper_time'),
  costTime: bigint('cost_time', { mode: 'number' }).notNull().default(0),
}, (t) => [
  index('idx_sys_oper_log_bt').on(t.businessType),
  index('idx_sys_oper_log_s').on(t.status),
  index('idx_sys_oper_log_ot').on(t.operTime),
]);

export const sysJob = pgTable('sys_job', {
  jobId: idColumn('job_id', 100),
  jobName: varchar('job_name', { length: 64 }).notNull().default(''),
  jobGroup: varchar('job_group', { length: 64 }).notNull().default('DEFAULT'),
  invokeTarget: varchar('invoke_target', { length: 500 }).notNull(),
  cronExpression: varchar('cron_expression', { length: 255 }).notNull().default(''),
  misfirePolicy: varchar('misfire_policy', { length: 20 }).notNull().default('3'),
  concurrent: char('concurrent', { length: 1 }).notNull().default('1'),
  status: char('status', { length: 1 }).notNull().default('0'),
  ...audit,
  remark: remark().default(''),
});

export const sysJobLog = pgTable('sys_job_log', {
  jobLogId: idColumn('job_log_id', 1),
  jobName: varchar('job_name', { length: 64 }).notNull(),
  jobGroup: varchar('job_group', { length: 64 }).notNull(),
  invokeTarget: varchar('invoke_target', { length: 500 }).notNull(),
  jobMessage: varchar('job_message', { length: 500 }),
  status: char('status', { length: 1 }).notNull().default('0'),
  exceptionInfo: varchar('exception_info', { length: 2000 }).notNull().default(''),
  startTime: ts('start_time'),
  endTime: ts('end_time'),
  createTime: ts('create_time'),
}, (t) => [index('idx_sys_job_log_ct').on(t.createTime)]);

/**
 * One row per fire time a scheduler instance claimed (docs/jobs.md): the primary key makes every fire
 * time of a job run once across instances. A running row carries a lease its instance renews; a row
 * whose lease ran out was left by an instance that died and is logged as interrupted by another.
 */
export const sysJobFire = pgTable('sys_job_fire', {
  jobId: bigint('job_id', { mode: 'number' }).notNull(),
  fireTime: ts('fire_time').notNull(),
  /** cron · misfire · manual */
  trigger: varchar('trigger', { length: 8 }).notNull(),
  /** R running · D done · S skipped (the previous run of a non-concurrent job was still going) · L lost */
  state: char('state', { length: 1 }).notNull(),
  instance: varchar('instance', { length: 64 }).notNull().default(''),
  leaseUntil: ts('lease_until'),
  jobLogId: bigint('job_log_id', { mode: 'number' }),
}, (t) => [primaryKey({ columns: [t.jobId, t.fireTime] }), index('idx_sys_job_fire_state').on(t.state, t.leaseUntil)]);
