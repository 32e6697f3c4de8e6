import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { nextRunTimes } from '@acs/shared/cron';
import { JOB_TARGETS } from '@acs/shared/job';
import { sysJob, sysJobFire, sysJobLog, sysOperLog } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { exportSheet, userWithoutRoles } from '../helpers/crud';
import { call, eventually } from '../common/support';

const API = '/prod-api';
let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;

type Job = {
  jobId: number;
  jobName: string;
  jobGroup: string;
  invokeTarget: string;
  cronExpression: string;
  misfirePolicy: string;
  concurrent: string;
  status: string;
  nextValidTime: string | null;
  createBy: string;
  updateBy: string;
};

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: LoggedIn = admin) =>
  call<{ data?: Job; rows?: Job[]; total?: number }>(t.app, { method, url: API + url, payload, headers: who.headers });

const newJob = {
  jobName: '测试任务',
  jobGroup: 'DEFAULT',
  invokeTarget: "ryTask.ryParams('hello')",
  cronExpression: '0 0 3 * * ?',
  misfirePolicy: '1',
  concurrent: '0',
  status: '0',
  remark: '夜间',
};

const jobNamed = async (jobName: string) => (await t.deps.database.db.select().from(sysJob).where(eq(sysJob.jobName, jobName)))[0];
const logsOf = (jobName: string) => t.deps.database.db.select().from(sysJobLog).where(eq(sysJobLog.jobName, jobName)).orderBy(desc(sysJobLog.jobLogId));

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  nobody = await userWithoutRoles(t, 'nojob');
});

describe('定时任务 /monitor/job', () => {
  it('lists the seeded jobs with their next fire time, filters and pages', async () => {
    const all = await req('GET', '/monitor/job/list?pageNum=1&pageSize=10');
    expect(all).toMatchObject({ code: 200, msg: '查询成功', total: 8 });
    expect(all.rows?.map((j) => j.jobId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(all.rows?.[0]).toMatchObject({ jobName: '系统默认（无参）', invokeTarget: 'ryTask.ryNoParams', status: '1', misfirePolicy: '3' });
    const expected = nextRunTimes('0/10 * * * * ?', 1, new Date(t.deps.now()))[0];
    expect(all.rows?.[0].nextValidTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(all.rows?.[0].nextValidTime?.slice(-2)).toBe(String(expected.getSeconds()).padStart(2, '0'));

    const names = async (query: string) => (await req('GET', `/monitor/job/list?${query}`)).rows?.map((j) => j.jobId);
    expect(await names(`jobName=${encodeURIComponent('多参')}`)).toEqual([3]);
    expect(await names('jobGroup=SYSTEM')).toEqual([4, 5, 6, 7, 8]);
    expect(await names('status=0')).toEqual([4, 5, 8]);
    expect(await names('invokeTarget=ryParams')).toEqual([2]);
    expect(await names('pageNum=2&pageSize=5')).toEqual([6, 7, 8]);
  });

  it('adds a job paused whatever the dialog sent, then reads, edits and deletes it', async () => {
    expect(await req('POST', '/monitor/job', newJob)).toEqual({ code: 200, msg: '操作成功' });
    const row = await jobNamed('测试任务');
    expect(row).toMatchObject({ status: '1', misfirePolicy: '1', concurrent: '0', createBy: 'admin', remark: '夜间', invokeTarget: "ryTask.ryParams('hello')" });

    const got = await req('GET', `/monitor/job/${row.jobId}`);
    expect(got.data).toMatchObject({ jobId: row.jobId, jobName: '测试任务', cronExpression: '0 0 3 * * ?' });
    expect(got.data?.nextValidTime).toMatch(/ 03:00:00$/);

    const edited = { ...newJob, jobId: row.jobId, jobName: '测试任务改', cronExpression: '0 30 4 ? * MON', status: '0' };
    expect(await req('PUT', '/monitor/job', edited)).toEqual({ code: 200, msg: '操作成功' });
    expect((await req('GET', `/monitor/job/${row.jobId}`)).data).toMatchObject({ jobName: '测试任务改', status: '0', updateBy: 'admin' });
    expect((await req('GET', `/monitor/job/${row.jobId}`)).data?.nextValidTime).toMatch(/ 04:30:00$/);

    expect(await req('DELETE', `/monitor/job/${row.jobId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await req('GET', `/monitor/job/${row.jobId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await req('PUT', '/monitor/job', edited)).toEqual({ code: 500, msg: '操作失败' });
    await eventually(async () => {
      const logs = await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, '定时任务'), eq(sysOperLog.businessType, 3)));
      return logs.length > 0;
    });
  });

  it.each([
    [{ cronExpression: '0 0 3 * * *', invokeTarget: "ryTask.ryParams('rmi://x')" }, 'Cron表达式不正确'],
    [{ cronExpression: '* * * * *' }, 'Cron表达式不正确'],
    [{ invokeTarget: "ryTask.ryParams('RMI://evil/x')" }, "目标字符串不允许'rmi'调用"],
    [{ invokeTarget: "ryTask.ryParams('ldap://evil/x')" }, "目标字符串不允许'ldap(s)'调用"],
    [{ invokeTarget: "ryTask.ryParams('ldaps://evil/x')" }, "目标字符串不允许'ldap(s)'调用"],
    [{ invokeTarget: "ryTask.ryParams('https://evil/x')" }, "目标字符串不允许'http(s)'调用"],
    [{ invokeTarget: "ryTask.ryParams('org.springframework.x')" }, '目标字符串存在违规'],
    [{ invokeTarget: 'javax.naming.InitialContext.lookup' }, '目标字符串存在违规'],
    [{ invokeTarget: 'com.ruoyi.quartz.task.RyTask.ryNoParams' }, '目标字符串不在白名单内'],
    [{ invokeTarget: "process.exit('1')" }, '目标字符串不在白名单内'],
    [{ invokeTarget: 'ryTask.ryParams(1)' }, '目标字符串不在白名单内'],
    [{ invokeTarget: "ryTask.ryMultipleParams('ry', true)" }, '目标字符串不在白名单内'],
    [{ invokeTarget: 'logTask.cleanLogs(0)' }, '参数“保留天数”须在1-3650之间'],
  ])('refuses %j on add and edit: %s', async (change, reason) => {
    expect(await req('POST', '/monitor/job', { ...newJob, ...change })).toEqual({ code: 500, msg: `新增任务'测试任务'失败，${reason}` });
    expect(await req('PUT', '/monitor/job', { ...newJob, ...change, jobId: 1 })).toEqual({ code: 500, msg: `修改任务'测试任务'失败，${reason}` });
  });

  it.each([
    [{ jobName: ' ' }, '任务名称不能为空'],
    [{ jobName: 'x'.repeat(65) }, '任务名称不能超过64个字符'],
    [{ invokeTarget: '' }, '调用目标字符串不能为空'],
    [{ invokeTarget: 'x'.repeat(501) }, '调用目标字符串长度不能超过500个字符'],
    [{ cronExpression: undefined }, 'Cron执行表达式不能为空'],
    [{ misfirePolicy: '4' }, '计划执行错误策略只能是0、1、2或3'],
    [{ concurrent: '2' }, '是否并发执行只能是0或1'],
  ])('validates the body %j: %s', async (change, msg) => {
    expect(await req('POST', '/monitor/job', { ...newJob, ...change })).toEqual({ code: 500, msg });
  });

  it('resumes and pauses a job: while running it fires every second and logs each run', async () => {
    await req('POST', '/monitor/job', { ...newJob, jobName: '每秒任务', invokeTarget: 'ryTask.ryNoParams', cronExpression: '* * * * * ?' });
    const { jobId } = await jobNamed('每秒任务');
    expect(await req('PUT', '/monitor/job/changeStatus', { jobId, status: '0' })).toEqual({ code: 200, msg: '操作成功' });
    const logs = await eventually(async () => {
      const rows = await logsOf('每秒任务');
      return rows.length >= 2 && rows;
    }, 5000);
    expect(logs[0]).toMatchObject({ jobGroup: 'DEFAULT', invokeTarget: 'ryTask.ryNoParams', status: '0', exceptionInfo: '' });
    expect(logs[0].jobMessage).toMatch(/^每秒任务 总共耗时：\d+毫秒，执行无参方法$/);

    expect(await req('PUT', '/monitor/job/changeStatus', { jobId, status: '1' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await jobNamed('每秒任务')).status).toBe('1');
    // A run that started just before the pause may still be claiming or writing its log.
    await new Promise((r) => setTimeout(r, 300));
    await eventually(async () => (await t.deps.database.db.select().from(sysJobFire).where(eq(sysJobFire.jobId, jobId))).every((c) => c.state !== 'R'));
    const after = (await logsOf('每秒任务')).length;
    await new Promise((r) => setTimeout(r, 1500));
    expect((await logsOf('每秒任务')).length).toBe(after);
    const claims = await t.deps.database.db.select().from(sysJobFire).where(eq(sysJobFire.jobId, jobId));
    expect(claims.every((c) => c.state === 'D' && c.trigger === 'cron' && c.jobLogId !== null)).toBe(true);
    expect(await req('PUT', '/monitor/job/changeStatus', { jobId: 999_999, status: '0' })).toEqual({ code: 500, msg: '操作失败' });
  });

  it('runs a job once now, paused or not, and logs its message', async () => {
    expect(await req('PUT', '/monitor/job/run', { jobId: 3, jobGroup: 'DEFAULT' })).toEqual({ code: 200, msg: '操作成功' });
    const [log] = await eventually(async () => {
      const rows = await logsOf('系统默认（多参）');
      return rows.length > 0 && rows;
    });
    expect(log).toMatchObject({ status: '0', invokeTarget: "ryTask.ryMultipleParams('ry', true, 2000L, 316.50D, 100)" });
    expect(log.jobMessage).toMatch(/^系统默认（多参） 总共耗时：\d+毫秒，执行多参方法： 字符串类型ry，布尔类型true，长整型2000，浮点型316.5，整形100$/);
    expect(log.startTime).toBeInstanceOf(Date);
    expect(log.endTime?.getTime()).toBeGreaterThanOrEqual(log.startTime?.getTime() ?? Infinity);
  });

  it('answers 任务不存在或已过期！ for a job that is gone or has no fire time left', async () => {
    expect(await req('PUT', '/monitor/job/run', { jobId: 999_999 })).toEqual({ code: 500, msg: '任务不存在或已过期！' });
    await req('POST', '/monitor/job', { ...newJob, jobName: '过期任务', cronExpression: '0 0 0 1 1 ? 2020' });
    const { jobId } = await jobNamed('过期任务');
    expect((await req('GET', `/monitor/job/${jobId}`)).data?.nextValidTime).toBeNull();
    expect(await req('PUT', '/monitor/job/run', { jobId })).toEqual({ code: 500, msg: '任务不存在或已过期！' });
  });

  it('logs a failed run with its reason (a target the registry no longer knows)', async () => {
    const [row] = await t.deps.database.db
      .insert(sysJob)
      .values({ jobName: '失效任务', invokeTarget: 'oldTask.gone', cronExpression: '0 0 1 * * ?', status: '1' })
      .returning();
    expect(await req('PUT', '/monitor/job/run', { jobId: row.jobId })).toMatchObject({ code: 200 });
    const [log] = await eventually(async () => {
      const rows = await logsOf('失效任务');
      return rows.length > 0 && rows;
    });
    expect(log.status).toBe('1');
    expect(log.exceptionInfo).toContain('目标字符串不在白名单内');
  });

  it('deletes several jobs at once with their claims', async () => {
    await req('POST', '/monitor/job', { ...newJob, jobName: '删甲' });
    await req('POST', '/monitor/job', { ...newJob, jobName: '删乙' });
    const ids = [(await jobNamed('删甲')).jobId, (await jobNamed('删乙')).jobId];
    await t.deps.database.db.insert(sysJobFire).values({ jobId: ids[0], fireTime: new Date(), trigger: 'cron', state: 'D' });
    expect(await req('DELETE', `/monitor/job/${ids.join(',')}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await jobNamed('删甲')).toBeUndefined();
    expect(await t.deps.database.db.select().from(sysJobFire).where(eq(sysJobFire.jobId, ids[0]))).toEqual([]);
  });

  it('offers the registry targets to the dialog', async () => {
    const res = await call<{ data: typeof JOB_TARGETS }>(t.app, { method: 'GET', url: `${API}/monitor/job/targets`, headers: admin.headers });
    expect(res.code).toBe(200);
    expect(res.data.map((d) => d.name)).toEqual(JOB_TARGETS.map((d) => d.name));
    expect(res.data.find((d) => d.name === 'logTask.cleanLogs')).toMatchObject({
      label: '清理过期日志',
      example: 'logTask.cleanLogs(180)',
      params: [{ name: 'days', type: 'Integer', default: 180, min: 1, max: 3650 }],
    });
  });

  it('exports 定时任务 with the contract columns and labels', async () => {
    const sheet = await exportSheet(t.app, `${API}/monitor/job/export`, admin.headers, { jobGroup: 'SYSTEM' });
    expect(sheet.header).toEqual(['任务序号', '任务名称', '任务组名', '调用目标字符串', '执行表达式', '计划策略', '并发执行', '任务状态']);
    expect(sheet.rows[0]).toEqual({
      任务序号: '4',
      任务名称: '线索超时回收',
      任务组名: 'SYSTEM',
      调用目标字符串: 'crmTask.reclaimLeads',
      执行表达式: '0 * * * * ?',
      计划策略: '触发一次执行',
      并发执行: '禁止',
      任务状态: '正常',
    });
    expect(sheet.rows).toHaveLength(5);
  });

  it.each([
    ['GET', '/monitor/job/list'],
    ['GET', '/monitor/job/targets'],
    ['GET', '/monitor/job/1'],
    ['POST', '/monitor/job'],
    ['PUT', '/monitor/job'],
    ['PUT', '/monitor/job/changeStatus'],
    ['PUT', '/monitor/job/run'],
    ['DELETE', '/monitor/job/1'],
    ['POST', '/monitor/job/export'],
  ] as const)('%s %s answers 403 without the permission', async (method, url) => {
    const body = url.endsWith('changeStatus') ? { jobId: 1, status: '0' } : url.endsWith('run') ? { jobId: 1 } : newJob;
    expect(await req(method, url, method === 'POST' || method === 'PUT' ? body : undefined, nobody)).toEqual({
      code: 403,
      msg: '没有权限，请联系管理员授权',
    });
  });
});
