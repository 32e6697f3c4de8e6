import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';
import v8 from 'node:v8';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatDateTime } from '../../../core/time';
import type { CpuInfo, EventLoopDelay, MemInfo, RuntimeInfo, ServerInfo, SysFile, SysInfo } from './schema';

/** Long enough for a stable percentage, short enough that the page answers well under a second. */
export const CPU_SAMPLE_MS = 500;
/** Mounts looked at, and the time one statfs may take (a hung network mount must not hold the page). */
const MAX_MOUNTS = 32;
const STATFS_TIMEOUT_MS = 800;
/** /proc/mounts is a few KB; anything far larger is not read. */
const MOUNTS_FILE_MAX = 1 << 20;

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const round2 = (n: number) => Math.round(n * 100) / 100;
const percent = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : 0);

interface Ticks {
  user: number;
  sys: number;
  wait: number;
  idle: number;
  total: number;
}

/** Aggregate CPU time from /proc/stat (it has I/O wait), else from os.cpus() (which has none). */
async function readTicks(): Promise<Ticks> {
  const stat = await readFile('/proc/stat', 'utf8').catch(() => null);
  const line = stat?.split('\n', 1)[0];
  if (line?.startsWith('cpu ')) {
    const [user, nice, sys, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number);
    return { user, sys, wait: iowait, idle, total: user + nice + sys + idle + iowait + irq + softirq + (steal || 0) };
  }
  const t: Ticks = { user: 0, sys: 0, wait: 0, idle: 0, total: 0 };
  for (const { times } of os.cpus()) {
    t.user += times.user;
    t.sys += times.sys;
    t.idle += times.idle;
    t.total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return t;
}

async function sampleCpu(): Promise<CpuInfo> {
  const before = await readTicks();
  await sleep(CPU_SAMPLE_MS);
  const after = await readTicks();
  const d = (k: keyof Ticks) => Math.max(0, after[k] - before[k]);
  const total = d('total');
  const cpus = os.cpus();
  return {
    cpuNum: cpus.length,
    total: total * 100,
    sys: percent(d('sys'), total),
    used: percent(d('user'), total),
    wait: percent(d('wait'), total),
    free: percent(d('idle'), total),
    model: cpus[0]?.model.trim() ?? '',
    loadAvg: os.loadavg().map(round2),
  };
}

let cpuSampling: Promise<CpuInfo> | null = null;

/** Callers at the same moment share one sample instead of each waiting for their own. */
function cpuInfo(): Promise<CpuInfo> {
  cpuSampling ??= sampleCpu().finally(() => {
    cpuSampling = null;
  });
  return cpuSampling;
}

function memInfo(): MemInfo {
  const total = os.totalmem();
  // Node reports MemAvailable as free memory on Linux, so `used` is total − available, as upstream.
  const free = os.freemem();
  return { total: round2(total / GB), used: round2((total - free) / GB), free: round2(free / GB), usage: percent(total - free, total) };
}

/** `0天2小时5分钟`, upstream's run-time format. */
export function formatRunTime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  return `${Math.floor(minutes / 1440)}天${Math.floor((minutes % 1440) / 60)}小时${minutes % 60}分钟`;
}

/** Event-loop delay between readings: each reading starts a new window. */
export class LoopDelayMonitor {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  private windowStart = Date.now();

  constructor() {
    this.histogram.enable();
  }

  read(): EventLoopDelay {
    const h = this.histogram;
    const ms = (ns: number) => (Number.isFinite(ns) ? round2(ns / 1e6) : 0);
    const empty = h.count === 0;
    const reading: EventLoopDelay = {
      min: empty ? 0 : ms(h.min),
      mean: empty ? 0 : ms(h.mean),
      p50: empty ? 0 : ms(h.percentile(50)),
      p99: empty ? 0 : ms(h.percentile(99)),
      max: empty ? 0 : ms(h.max),
      windowMs: Date.now() - this.windowStart,
    };
    h.reset();
    this.windowStart = Date.now();
    return reading;
  }

  stop(): void {
    this.histogram.disable();
  }
}

function runtimeInfo(loop: LoopDelayMonitor): RuntimeInfo {
  const mem = process.memoryUsage();
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  const uptimeMs = process.uptime() * 1000;
  return {
    total: round2(mem.heapTotal / MB),
    max: round2(heapLimit / MB),
    free: round2((mem.heapTotal - mem.heapUsed) / MB),
    used: round2(mem.heapUsed / MB),
    usage: percent(mem.heapUsed, mem.heapTotal),
    name: 'Node.js',
    version: process.version,
    home: process.execPath,
    startTime: formatDateTime(new Date(Date.now() - uptimeMs)),
    runTime: formatRunTime(uptimeMs),
    inputArgs: `[${process.execArgv.join(', ')}]`,
    rss: round2(mem.rss / MB),
    external: round2(mem.external / MB),
    uptimeSeconds: Math.floor(uptimeMs / 1000),
    pid: process.pid,
    v8: process.versions.v8,
    eventLoopDelay: loop.read(),
  };
}

/** The first external IPv4 address (upstream shows one address), else the first external IPv6 one. */
function hostAddress(): string {
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && !a.internal);
  return (addresses.find((a) => a?.family === 'IPv4') ?? addresses[0])?.address ?? '127.0.0.1';
}

function sysInfo(): SysInfo {
  return {
    computerName: os.hostname(),
    computerIp: hostAddress(),
    userDir: process.cwd(),
    osName: `${os.type()} ${os.release()}`,
    osArch: os.arch(),
  };
}

/** File systems that hold no disk space of their own (kernel views, memory, containers' plumbing). */
const PSEUDO_FS = new Set([
  'autofs', 'binfmt_misc', 'bpf', 'cgroup', 'cgroup2', 'configfs', 'debugfs', 'devpts', 'devtmpfs', 'efivarfs',
  'fusectl', 'hugetlbfs', 'mqueue', 'nsfs', 'proc', 'pstore', 'ramfs', 'rpc_pipefs', 'securityfs', 'selinuxfs',
  'squashfs', 'sysfs', 'tmpfs', 'tracefs', 'devfs', 'overlayfs-meta', 'nfsd', 'sunrpc',
]);

interface Mount {
  device: string;
  dir: string;
  type: string;
}

/** /proc/mounts escapes spaces and the like as octal (`\040`). */
const unescapeMount = (s: string) => s.replace(/\\([0-7]{3})/g, (_, oct: string) => String.fromCharCode(parseInt(oct, 8)));

/**
 * Mounts with real storage, one per device (bind mounts of the same disk, such as a container's
 * /etc/hosts, keep only the shortest path), at most MAX_MOUNTS.
 */
export function diskMounts(procMounts: string): Mount[] {
  const byDevice = new Map<string, Mount>();
  for (const line of procMounts.split('\n')) {
    const [device, dir, type] = line.split(' ');
    if (!device || !dir || !type || PSEUDO_FS.has(type) || (type.startsWith('fuse.') && type !== 'fuse.sshfs')) continue;
    const mount = { device: unescapeMount(device), dir: unescapeMount(dir), type };
    const seen = byDevice.get(`${mount.device} ${type}`);
    if (!seen || mount.dir.length < seen.dir.length) byDevice.set(`${mount.device} ${type}`, mount);
  }
  return [...byDevice.values()].slice(0, MAX_MOUNTS);
}

/** Upstream's size text: `49.1 GB`, `512 MB` (no decimal from 100 up), `1.5 KB`, `12 B`. */
export function formatSize(bytes: number): string {
  const unit = (n: number, name: string) => `${n >= 100 ? n.toFixed(0) : n.toFixed(1)} ${name}`;
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  if (bytes >= MB) return unit(bytes / MB, 'MB');
  if (bytes >= 1024) return unit(bytes / 1024, 'KB');
  return `${bytes} B`;
}

async function statfsWithin(dir: string): Promise<{ total: number; free: number } | null> {
  const timeout = sleep(STATFS_TIMEOUT_MS, null, { ref: false });
  const stats = statfs(dir).then(
    (s) => ({ total: s.blocks * s.bsize, free: s.bavail * s.bsize }),
    () => null,
  );
  return Promise.race([stats, timeout]);
}

async function sysFiles(): Promise<SysFile[]> {
  const text = await readFile('/proc/mounts', 'utf8').catch(() => null);
  const mounts = text !== null && text.length <= MOUNTS_FILE_MAX ? diskMounts(text) : [{ device: '/', dir: '/', type: '' }];
  const sized = await Promise.all(mounts.map(async (m) => ({ m, size: await statfsWithin(m.dir) })));
  return sized
    .filter((x): x is { m: Mount; size: { total: number; free: number } } => x.size !== null && x.size.total > 0)
    .map(({ m, size }) => ({
      dirName: m.dir,
      sysTypeName: m.type,
      typeName: m.device,
      total: formatSize(size.total),
      free: formatSize(size.free),
      used: formatSize(size.total - size.free),
      usage: percent(size.total - size.free, size.total),
    }));
}

/** Everything of GET /monitor/server; the CPU sample and the disks are read side by side. */
export async function serverInfo(loop: LoopDelayMonitor): Promise<ServerInfo> {
  const [cpu, files] = await Promise.all([cpuInfo(), sysFiles()]);
  return { cpu, mem: memInfo(), jvm: runtimeInfo(loop), sys: sysInfo(), sysFiles: files };
}
