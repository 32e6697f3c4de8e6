import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sysJobLog, sysOperLog } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { exportSheet, userWithoutRoles } from '../helpers/crud';
import { call, eventually } from '../common/support';

const API = '/prod-api';
let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;

type JobLog = { jobLogId: number; jobName: string; status: string; jobMessage: string; createTime: string; startTime: string };

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, who: LoggedIn = admin) =>
  call<{ data?: JobLog; rows?: JobLog[]; total?: number }>(t.app, { method, url: API + url, headers: who.headers });

/** China wall-clock time as an instant. */
const cst = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

async function seedLogs() {
  await t.deps.database.db.delete(sysJobLog);
  const base = { jobGroup: 'DEFAULT', invokeTarget: 'ryTask.ryNoParams' };
  await t.deps.database.db.insert(sysJobLog).values([
    { ...base, jobName: '日志甲', jobMessage: '日志甲 总共耗时：3毫秒', status: '0', createTime: cst('2026-03-01 09:00:00'), startTime: cst('2026-03-01 08:59:59') },
    { ...base, jobName: '日志乙', jobGroup: 'SYSTEM', invokeTarget: "ryTask.ryParams('ry')", jobMessage: '日志乙 总共耗时：5毫秒', status: '1', exceptionInfo: 'Error: 失败了', createTime: cst('2026-03-02 23:59:00') },
    { ...base, jobName: '日志丙', jobMessage: '日志丙 总共耗时：1毫秒', status: '0', createTime: cst('2026-03-03 00:00:01') },
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  nobody = await userWithoutRoles(t, 'nojoblog');
  // The product's running jobs would add entries of their own to the counts below.
  for (const jobId of [4, 5]) {
    await call(t.app, { method: 'PUT', url: `${API}/monitor/job/changeStatus`, payload: { jobId, status: '1' }, headers: admin.headers });
  }
});

describe('调度日志 /monitor/jobLog', () => {
  it('lists newest first with filters and the China-day range on create_time', async () => {
    await seedLogs();
    const names = async (query = '') => (await req('GET', `/monitor/jobLog/list?jobName=${encodeURIComponent('日志')}&${query}`)).rows?.map((r) => r.jobName);
    const all = await req('GET', '/monitor/jobLog/list?pageNum=1&pageSize=10');
    expect(all).toMatchObject({ code: 200, msg: '查询成功', total: 3 });
    expect(all.rows?.[0]).toMatchObject({ jobName: '日志丙', createTime: '2026-03-03 00:00:01' });
    expect(await names()).toEqual(['日志丙', '日志乙', '日志甲']);
    expect(await names('jobGroup=SYSTEM')).toEqual(['日志乙']);
    expect(await names('status=1')).toEqual(['日志乙']);
    expect(await names(`invokeTarget=${encodeURIComponent("ryParams('")}`)).toEqual(['日志乙']);
    expect(await names('params%5BbeginTime%5D=2026-03-02&params%5BendTime%5D=2026-03-02')).toEqual(['日志乙']);
    expect(await names('params%5BbeginTime%5D=2026-03-03')).toEqual(['日志丙']);
    expect(await names('pageNum=2&pageSize=2')).toEqual(['日志甲']);
  });

  it('reads one entry', async () => {
    await seedLogs();
    const [row] = await t.deps.database.db.select().from(sysJobLog).where(eq(sysJobLog.jobName, '日志乙'));
    const got = await req('GET', `/monitor/jobLog/${row.jobLogId}`);
    expect(got.data).toMatchObject({ jobLogId: row.jobLogId, status: '1', exceptionInfo: 'Error: 失败了', jobGroup: 'SYSTEM' });
    expect(await req('GET', '/monitor/jobLog/999999')).toEqual({ code: 200, msg: '操作成功' });
  });

  it('exports 调度日志 with the contract columns', async () => {
    await seedLogs();
    const sheet = await exportSheet(t.app, `${API}/monitor/jobLog/export`, admin.headers, { status: '1' });
    expect(sheet.header).toEqual(['日志序号', '任务名称', '任务组名', '调用目标字符串', '日志信息', '执行状态', '异常信息']);
    expect(sheet.rows).toEqual([
      expect.objectContaining({ 任务名称: '日志乙', 任务组名: 'SYSTEM', 日志信息: '日志乙 总共耗时：5毫秒', 执行状态: '失败', 异常信息: 'Error: 失败了' }),
    ]);
  });

  it('removes entries by id, then cleans all and numbers from 1 again', async () => {
    await seedLogs();
    const rows = await t.deps.database.db.select().from(sysJobLog);
    expect(await req('DELETE', `/monitor/jobLog/${rows[0].jobLogId},${rows[1].jobLogId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await req('GET', '/monitor/jobLog/list')).total).toBe(1);
    expect(await req('DELETE', '/monitor/jobLog/999999')).toEqual({ code: 500, msg: '操作失败' });

    expect(await req('DELETE', '/monitor/jobLog/clean')).toEqual({ code: 200, msg: '操作成功' });
    expect((await req('GET', '/monitor/jobLog/list')).total).toBe(0);
    const [fresh] = await t.deps.database.db.insert(sysJobLog).values({ jobName: 'x', jobGroup: 'DEFAULT', invokeTarget: 'ryTask.ryNoParams' }).returning();
    expect(fresh.jobLogId).toBe(1);
    await eventually(async () => {
      const logs = await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, '调度日志'), eq(sysOperLog.businessType, 9)));
      return logs.length > 0;
    });
  });

  it.each([
    ['GET', '/monitor/jobLog/list'],
    ['GET', '/monitor/jobLog/1'],
    ['POST', '/monitor/jobLog/export'],
    ['DELETE', '/monitor/jobLog/1'],
    ['DELETE', '/monitor/jobLog/clean'],
  ] as const)('%s %s answers 403 without the permission', async (method, url) => {
    expect(await req(method, url, nobody)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
  });
});
