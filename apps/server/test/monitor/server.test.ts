import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { userWithoutRoles } from '../helpers/crud';
import { call } from '../common/support';
import type { ServerInfo } from '../../src/modules/monitor/server/schema';
import { diskMounts, formatRunTime, formatSize } from '../../src/modules/monitor/server/service';

const API = '/prod-api';
let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;

const get = (who: LoggedIn) => call<{ data?: ServerInfo }>(t.app, { method: 'GET', url: `${API}/monitor/server`, headers: who.headers });

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  nobody = await userWithoutRoles(t, 'noserver');
});

describe('服务监控 GET /monitor/server', () => {
  it('answers the contract shape with the Node runtime in jvm, in well under two seconds', async () => {
    const started = Date.now();
    const body = await get(admin);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(body).toMatchObject({ code: 200, msg: '操作成功' });
    const { cpu, mem, jvm, sys, sysFiles } = body.data!;

    expect(cpu.cpuNum).toBeGreaterThan(0);
    for (const p of [cpu.used, cpu.sys, cpu.wait, cpu.free]) expect(p).toBeGreaterThanOrEqual(0);
    expect(cpu.used + cpu.sys + cpu.wait + cpu.free).toBeLessThanOrEqual(100.05);

    expect(mem.total).toBeGreaterThan(0);
    expect(mem.used + mem.free).toBeCloseTo(mem.total, 1);
    expect(mem.usage).toBeCloseTo((mem.used / mem.total) * 100, 0);

    expect(jvm).toMatchObject({ name: 'Node.js', version: process.version, home: process.execPath, pid: process.pid });
    expect(jvm.used).toBeGreaterThan(0);
    expect(jvm.max).toBeGreaterThanOrEqual(jvm.total);
    expect(jvm.free).toBeCloseTo(jvm.total - jvm.used, 1);
    expect(jvm.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(jvm.runTime).toMatch(/^\d+天\d+小时\d+分钟$/);
    expect(jvm.inputArgs).toMatch(/^\[.*\]$/);
    expect(jvm.rss).toBeGreaterThan(jvm.used);
    expect(jvm.eventLoopDelay.max).toBeGreaterThanOrEqual(jvm.eventLoopDelay.min);
    expect(jvm.eventLoopDelay.windowMs).toBeGreaterThanOrEqual(0);

    expect(sys).toMatchObject({ userDir: process.cwd(), osArch: process.arch });
    expect(sys.computerName.length).toBeGreaterThan(0);

    expect(sysFiles.length).toBeGreaterThan(0);
    for (const f of sysFiles) {
      expect(f.total).toMatch(/^\d+(\.\d)? (B|KB|MB|GB)$/);
      expect(f.usage).toBeGreaterThanOrEqual(0);
      expect(f.usage).toBeLessThanOrEqual(100);
      expect(['proc', 'sysfs', 'cgroup', 'cgroup2', 'tmpfs', 'devpts']).not.toContain(f.sysTypeName);
    }
  });

  it('lets two callers at once share one CPU sample', async () => {
    const started = Date.now();
    const [a, b] = await Promise.all([get(admin), get(admin)]);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(a.data?.cpu).toEqual(b.data?.cpu);
  });

  it('refuses a user without monitor:server:list', async () => {
    expect(await get(nobody)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
  });
});

describe('server monitor helpers', () => {
  it('keeps real disks once per device and skips pseudo file systems', () => {
    const mounts = [
      'proc /proc proc rw 0 0',
      'sysfs /sys sysfs rw 0 0',
      'tmpfs /dev/shm tmpfs rw 0 0',
      'cgroup2 /sys/fs/cgroup cgroup2 rw 0 0',
      '/dev/vda1 /etc/hosts ext4 rw 0 0',
      '/dev/vda1 / ext4 rw 0 0',
      '/dev/vdb /mnt/my\\040data xfs rw 0 0',
      'lxcfs /proc/cpuinfo fuse.lxcfs rw 0 0',
      'overlay / overlay rw 0 0',
    ].join('\n');
    expect(diskMounts(mounts)).toEqual([
      { device: '/dev/vda1', dir: '/', type: 'ext4' },
      { device: '/dev/vdb', dir: '/mnt/my data', type: 'xfs' },
      { device: 'overlay', dir: '/', type: 'overlay' },
    ]);
  });

  it('formats sizes and run time like upstream', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(300 * 1024 * 1024)).toBe('300 MB');
    expect(formatSize(49.1 * 1024 ** 3)).toBe('49.1 GB');
    expect(formatRunTime((26 * 60 + 5) * 60_000 + 59_000)).toBe('1天2小时5分钟');
  });
});
