/**
 * 定时任务 wire constants and the job target registry's descriptors (docs/jobs.md). A job's 调用目标字符串
 * names one registered TypeScript handler (`bean.method(args)`, RuoYi's syntax); the server never evaluates
 * it. The parser and the checks live here so the web can offer, build and pre-check targets exactly as the
 * server decides them.
 */

export const JobStatus = { NORMAL: '0', PAUSED: '1' } as const;
export const JobConcurrent = { ALLOW: '0', FORBID: '1' } as const;
/** sys_job.misfire_policy: what happens to fire times missed while no server ran (or the job was busy). */
export const MisfirePolicy = { DEFAULT: '0', IGNORE_MISFIRES: '1', FIRE_AND_PROCEED: '2', DO_NOTHING: '3' } as const;
export const JobLogStatus = { SUCCESS: '0', FAIL: '1' } as const;

export const MISFIRE_POLICY_LABELS: Record<string, string> = {
  '0': '默认',
  '1': '立即触发执行',
  '2': '触发一次执行',
  '3': '不触发立即执行',
};
export const JOB_CONCURRENT_LABELS: Record<string, string> = { '0': '允许', '1': '禁止' };

export const JOB_NAME_MAX = 64;
export const JOB_GROUP_MAX = 64;
export const INVOKE_TARGET_MAX = 500;

/** RuoYi's Java parameter kinds, written in the target as 'x' / true / 123L / 1.5D / 123. */
export type JobParamType = 'String' | 'Boolean' | 'Long' | 'Double' | 'Integer';
export type JobArgValue = string | boolean | number;

export interface JobParamDescriptor {
  name: string;
  label: string;
  type: JobParamType;
  default: JobArgValue;
  /** Bounds of a numeric parameter, checked when the job is saved. */
  min?: number;
  max?: number;
}

export interface JobTargetDescriptor {
  /** `bean.method`, the part of the target before the parentheses. */
  name: string;
  label: string;
  description: string;
  params: JobParamDescriptor[];
  /** A complete target with the default arguments. */
  example: string;
}

const INT_MAX = 2_147_483_647;

function literal(type: JobParamType, value: JobArgValue): string {
  switch (type) {
    case 'String': {
      // RuoYi's syntax has no escapes: a value holding a single quote is written in double quotes.
      const text = String(value);
      return text.includes("'") ? `"${text}"` : `'${text}'`;
    }
    case 'Boolean':
      return value ? 'true' : 'false';
    case 'Long':
      return `${String(value)}L`;
    case 'Double':
      return Number.isInteger(Number(value)) ? `${Number(value)}.0D` : `${Number(value)}D`;
    case 'Integer':
      return String(value);
  }
}

/** The target string calling `name` with `values` (e.g. what the web's 目标字符串 picker fills in). */
export function formatInvokeTarget(name: string, params: readonly JobParamDescriptor[], values: readonly JobArgValue[]): string {
  if (params.length === 0) return name;
  return `${name}(${params.map((p, i) => literal(p.type, values[i] ?? p.default)).join(', ')})`;
}

type TargetSpec = Omit<JobTargetDescriptor, 'example'>;
const describe = (spec: TargetSpec): JobTargetDescriptor => ({
  ...spec,
  example: formatInvokeTarget(spec.name, spec.params, spec.params.map((p) => p.default)),
});

/** Every target a job may call, in the order the web offers them. */
export const JOB_TARGETS: readonly JobTargetDescriptor[] = [
  describe({ name: 'ryTask.ryNoParams', label: '示例：无参方法', description: '示例任务，只记录一条执行信息', params: [] }),
  describe({
    name: 'ryTask.ryParams',
    label: '示例：有参方法',
    description: '示例任务，记录收到的字符串参数',
    params: [{ name: 'params', label: '字符串参数', type: 'String', default: 'ry' }],
  }),
  describe({
    name: 'ryTask.ryMultipleParams',
    label: '示例：多参方法',
    description: '示例任务，记录收到的各类型参数',
    params: [
      { name: 's', label: '字符串', type: 'String', default: 'ry' },
      { name: 'b', label: '布尔', type: 'Boolean', default: true },
      { name: 'l', label: '长整型', type: 'Long', default: 2000 },
      { name: 'd', label: '浮点型', type: 'Double', default: 316.5 },
      { name: 'i', label: '整型', type: 'Integer', default: 100 },
    ],
  }),
  describe({
    name: 'crmTask.reclaimLeads',
    label: '线索超时回收',
    description: '按员工分配规则的回收时间，收回分配后未跟进的线索（退回公海或转给下一位成员）',
    params: [],
  }),
  describe({
    name: 'csDataTask.rollup',
    label: '客服数据日汇总',
    description: '重算最近几天（及停机期间）的客服数据日报表；当天数据实时计算',
    params: [],
  }),
  describe({
    name: 'chatTask.closeIdleConversations',
    label: '结束空闲会话',
    description: '结束超过指定分钟数没有新消息的访客会话（调试会话除外）',
    params: [{ name: 'idleMinutes', label: '空闲分钟数', type: 'Integer', default: 1440, min: 10, max: 43_200 }],
  }),
  describe({
    name: 'channelTask.refreshDouyinTokens',
    label: '抖音令牌刷新',
    description: '在抖音账号的访问令牌和刷新令牌过期前刷新、续期；授权已失效的账号标记为已取消授权',
    params: [],
  }),
  describe({
    name: 'logTask.cleanLogs',
    label: '清理过期日志',
    description: '删除早于指定天数的操作日志、登录日志和调度日志',
    params: [{ name: 'days', label: '保留天数', type: 'Integer', default: 180, min: 1, max: 3650 }],
  }),
];

export const jobTarget = (name: string): JobTargetDescriptor | undefined => JOB_TARGETS.find((t) => t.name === name);

export interface ParsedInvokeTarget {
  /** `bean.method` */
  name: string;
  args: { type: JobParamType; value: JobArgValue }[];
}

/** Splits on commas outside quotes, like RuoYi's JobInvokeUtil; null when a quote is left open. */
function splitArgs(text: string): string[] | null {
  const parts: string[] = [];
  let quote: string | null = null;
  let current = '';
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === ',') {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (quote) return null;
  parts.push(current);
  return parts;
}

function parseArg(raw: string): ParsedInvokeTarget['args'][number] | null {
  const text = raw.trim();
  if (text.length >= 2 && (text[0] === "'" || text[0] === '"') && text.endsWith(text[0])) {
    return { type: 'String', value: text.slice(1, -1) };
  }
  if (/^(true|false)$/i.test(text)) return { type: 'Boolean', value: text.toLowerCase() === 'true' };
  if (/^-?\d{1,16}L$/.test(text)) {
    const value = Number(text.slice(0, -1));
    return Number.isSafeInteger(value) ? { type: 'Long', value } : null;
  }
  if (/^-?(\d{1,15}(\.\d{0,15})?|\.\d{1,15})D$/.test(text)) return { type: 'Double', value: Number(text.slice(0, -1)) };
  if (/^-?\d{1,10}$/.test(text)) {
    const value = Number(text);
    return value >= -INT_MAX - 1 && value <= INT_MAX ? { type: 'Integer', value } : null;
  }
  return null;
}

/** `bean.method` or `bean.method(args)`; null when it is not that shape or an argument is not a literal. */
export function parseInvokeTarget(target: string): ParsedInvokeTarget | null {
  const match = /^\s*([A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*)\s*(?:\((.*)\))?\s*$/s.exec(target);
  if (!match) return null;
  const inner = match[2]?.trim() ?? '';
  if (inner === '') return { name: match[1], args: [] };
  const parts = splitArgs(inner);
  if (!parts) return null;
  const args: ParsedInvokeTarget['args'] = [];
  for (const part of parts) {
    const arg = parseArg(part);
    if (!arg) return null;
    args.push(arg);
  }
  return { name: match[1], args };
}

/** RuoYi's Constants.JOB_ERROR_STR: substrings refused anywhere in a target (case-insensitive). */
const BLACKLIST = [
  'java.net.URL',
  'javax.naming.InitialContext',
  'org.yaml.snakeyaml',
  'org.springframework',
  'org.apache',
  'com.ruoyi.common.utils.file',
  'com.ruoyi.common.config',
  'com.ruoyi.generator',
];

export const InvokeTargetReason = {
  RMI: "目标字符串不允许'rmi'调用",
  LDAP: "目标字符串不允许'ldap(s)'调用",
  HTTP: "目标字符串不允许'http(s)'调用",
  VIOLATION: '目标字符串存在违规',
  NOT_WHITELISTED: '目标字符串不在白名单内',
  outOfRange: (label: string, min: number, max: number) => `参数“${label}”须在${min}-${max}之间`,
} as const;

/**
 * Why a target is refused (RuoYi's checks in RuoYi's order), or null when it calls a registered target with
 * arguments of the declared types and bounds.
 */
export function checkInvokeTarget(target: string): string | null {
  const lower = target.toLowerCase();
  if (lower.includes('rmi:')) return InvokeTargetReason.RMI;
  if (lower.includes('ldap:') || lower.includes('ldaps:')) return InvokeTargetReason.LDAP;
  if (lower.includes('http://') || lower.includes('https://')) return InvokeTargetReason.HTTP;
  if (BLACKLIST.some((s) => lower.includes(s.toLowerCase()))) return InvokeTargetReason.VIOLATION;
  const parsed = parseInvokeTarget(target);
  const descriptor = parsed ? jobTarget(parsed.name) : undefined;
  if (!parsed || !descriptor || descriptor.params.length !== parsed.args.length) return InvokeTargetReason.NOT_WHITELISTED;
  for (const [i, param] of descriptor.params.entries()) {
    const arg = parsed.args[i];
    if (arg.type !== param.type) return InvokeTargetReason.NOT_WHITELISTED;
    if (typeof arg.value === 'number' && param.min !== undefined && param.max !== undefined && (arg.value < param.min || arg.value > param.max)) {
      return InvokeTargetReason.outOfRange(param.label, param.min, param.max);
    }
  }
  return null;
}
