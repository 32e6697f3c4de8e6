CREATE TABLE "sys_job_fire" (
	"job_id" bigint NOT NULL,
	"fire_time" timestamp with time zone NOT NULL,
	"trigger" varchar(8) NOT NULL,
	"state" char(1) NOT NULL,
	"instance" varchar(64) DEFAULT '' NOT NULL,
	"lease_until" timestamp with time zone,
	"job_log_id" bigint,
	CONSTRAINT "sys_job_fire_job_id_fire_time_pk" PRIMARY KEY("job_id","fire_time")
);
--> statement-breakpoint
CREATE INDEX "idx_sys_job_fire_state" ON "sys_job_fire" USING btree ("state","lease_until");--> statement-breakpoint
CREATE INDEX "idx_sys_job_log_ct" ON "sys_job_log" USING btree ("create_time");--> statement-breakpoint
-- Installs seeded earlier get the product's jobs (src/db/seed/jobs.ts): lead reclaim and the 客服数据
-- rollup replace the timers that ran them before, so they start enabled; the clean-ups start paused.
insert into sys_job (job_id, job_name, job_group, invoke_target, cron_expression, misfire_policy, concurrent, status, remark, create_by, create_time)
select v.*, 'admin', now()
from (values
  (4, '线索超时回收', 'SYSTEM', 'crmTask.reclaimLeads', '0 * * * * ?', '2', '1', '0', '按员工分配规则的回收时间收回未跟进的线索'),
  (5, '客服数据日汇总', 'SYSTEM', 'csDataTask.rollup', '0 0/10 * * * ?', '2', '1', '0', '重算最近几天的客服数据日报表'),
  (6, '结束空闲会话', 'SYSTEM', 'chatTask.closeIdleConversations(1440)', '0 0/5 * * * ?', '3', '1', '1', '结束一天没有新消息的访客会话'),
  (7, '清理过期日志', 'SYSTEM', 'logTask.cleanLogs(180)', '0 30 3 * * ?', '2', '1', '1', '删除180天前的操作日志、登录日志和调度日志')
) as v(job_id, job_name, job_group, invoke_target, cron_expression, misfire_policy, concurrent, status, remark)
where exists (select 1 from sys_user)
  and not exists (select 1 from sys_job j where j.job_id = v.job_id);
