import { parseInvokeTarget, type JobArgValue, type JobTargetDescriptor } from '@acs/shared/job';

export interface TargetSelection {
  /** The registered target the text calls, if any. */
  target?: JobTargetDescriptor;
  /** Its parameter values: those written in the text when they have the declared type, else the defaults. */
  values: JobArgValue[];
}

const TARGET_NAME = /^\s*([A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*)/;

/**
 * What the picker shows for a typed 调用目标字符串: the target is recognised by its `bean.method` alone,
 * so it stays chosen while the arguments are still being typed.
 */
export function targetSelection(text: string, targets: readonly JobTargetDescriptor[]): TargetSelection {
  const name = TARGET_NAME.exec(text)?.[1];
  const target = targets.find((t) => t.name === name);
  if (!target) return { values: [] };
  const parsed = parseInvokeTarget(text);
  const args = parsed?.name === target.name ? parsed.args : [];
  return {
    target,
    values: target.params.map((p, i) => (args[i]?.type === p.type ? args[i].value : p.default)),
  };
}
