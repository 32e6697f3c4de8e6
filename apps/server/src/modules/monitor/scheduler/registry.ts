import { checkInvokeTarget, InvokeTargetReason, JOB_TARGETS, parseInvokeTarget, type JobArgValue } from '@acs/shared/job';
import { refreshDouyinTokens } from '../../channel/douyin/tokens';
import { cleanLogs, closeIdleConversations, reclaimLeads, rollupCsData, ryTask, type TaskDeps } from './tasks';

/** What a run reports for the job log's message (nothing: only the time it took). */
type JobHandler = (deps: TaskDeps, args: JobArgValue[]) => Promise<string> | string;

/*
 * The handlers behind the targets of JOB_TARGETS (packages/shared/src/job.ts), one each. Arguments reach a
 * handler only after checkInvokeTarget matched them against the descriptor's types and bounds, which is what
 * makes the casts below safe.
 */
const HANDLERS: Record<string, JobHandler> = {
  'ryTask.ryNoParams': () => ryTask.ryNoParams(),
  'ryTask.ryParams': (_deps, [params]) => ryTask.ryParams(params as string),
  'ryTask.ryMultipleParams': (_deps, [s, b, l, d, i]) => ryTask.ryMultipleParams(s as string, b as boolean, l as number, d as number, i as number),
  'crmTask.reclaimLeads': (deps) => reclaimLeads(deps),
  'csDataTask.rollup': (deps) => rollupCsData(deps),
  'chatTask.closeIdleConversations': (deps, [idleMinutes]) => closeIdleConversations(deps, idleMinutes as number),
  'channelTask.refreshDouyinTokens': (deps) => refreshDouyinTokens(deps),
  'logTask.cleanLogs': (deps, [days]) => cleanLogs(deps, days as number),
};

/** The names with a handler, for the test that keeps the registry and the shared descriptors in step. */
export const registeredTargets = (): string[] => Object.keys(HANDLERS);

export type ResolvedTarget = { ok: true; run: (deps: TaskDeps) => Promise<string> } | { ok: false; reason: string };

/** The handler call a job's 调用目标字符串 stands for, or why it is refused (the contract's messages). */
export function resolveInvokeTarget(target: string): ResolvedTarget {
  const reason = checkInvokeTarget(target);
  const parsed = reason === null ? parseInvokeTarget(target) : null;
  const handler = parsed ? HANDLERS[parsed.name] : undefined;
  if (!parsed || !handler) return { ok: false, reason: reason ?? InvokeTargetReason.NOT_WHITELISTED };
  const args = parsed.args.map((a) => a.value);
  return { ok: true, run: async (deps) => handler(deps, args) };
}

/** Every descriptor the web offers has its handler (checked at start-up; a mismatch is a programming error). */
export function assertRegistryComplete(): void {
  const missing = JOB_TARGETS.filter((t) => !HANDLERS[t.name]).map((t) => t.name);
  if (missing.length > 0) throw new Error(`job targets without a handler: ${missing.join(', ')}`);
}
