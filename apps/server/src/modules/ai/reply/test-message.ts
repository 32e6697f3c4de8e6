import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { loadAgentBundle, turnVariables } from '../agent/bundle';
import { planTurn } from '../engine/plan';

const CANDIDATES = 5;

/**
 * What the built-in engine would answer to a first message of a new conversation: the model is
 * never called (an agent with a model is tried on its rules, knowledge and fallback alone) and no
 * hit is counted. The candidates show how close each knowledge entry came, threshold or not.
 */
export async function testReply(deps: Pick<AppDeps, 'database' | 'kv' | 'now'>, agentId: number, content: string) {
  const bundle = await loadAgentBundle(deps, agentId);
  if (!bundle) throw new ServiceError('客服不存在');
  const now = deps.now();
  const plan = planTurn(
    {
      agent: { ...bundle.engine, providerId: null, model: '' },
      rules: bundle.rules,
      knowledge: bundle.knowledge,
      text: content,
      state: { turns: 1, failures: 0, leadAskedTurn: 0, leadDeclined: false, known: {} },
      history: [],
      variables: turnVariables(bundle, now, ''),
      now,
    },
    bundle.index,
  );
  // Without a provider the plan is always a direct answer; the guard keeps the types honest.
  if (plan.kind === 'model') throw new ServiceError('内置引擎未能给出回复');
  return {
    kind: plan.kind,
    text: plan.text,
    hit: plan.hit,
    candidates: bundle.index.search(content, CANDIDATES).map((h) => ({ knowledgeId: h.entry.knowledgeId, question: h.entry.question, score: h.score })),
    found: plan.found,
    leadAsk: plan.leadAsk?.text ?? null,
  };
}
