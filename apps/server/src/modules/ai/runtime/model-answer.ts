import { performance } from 'node:perf_hooks';
import type { AppDeps } from '../../../app';
import { LlmError, timeoutError } from '../../../infra/llm/errors';
import { streamChat } from '../../../infra/llm/openai';
import type { TurnPlan } from '../engine/types';
import { loadProviderForRuntime } from '../model/provider-runtime';
import { publishToConversation } from './events';
import type { NewMessage } from './messages';
import type { AcceptedMessage } from './turn';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'config' | 'now'>;

export const elapsed = (since: number) => Math.round(performance.now() - since);

export interface ModelAnswer {
  message: NewMessage;
  /** The model failed: the fallback was sent and counts as an unanswered message. */
  failed: boolean;
}

/**
 * Streams the model's answer, publishing each chunk as a `delta` of the draft `tempId`. Any failure
 * (provider gone or disabled, HTTP error, rate limit, wrong key, timeout) gives the plan's fallback
 * with the reason recorded. The whole call is capped at the provider's timeout so a turn never hangs.
 */
export async function answerWithModel(
  deps: Deps,
  accepted: AcceptedMessage,
  plan: Extract<TurnPlan, { kind: 'model' }>,
  tempId: string,
): Promise<ModelAnswer> {
  const { engine } = accepted.bundle;
  const live = !accepted.debug;
  const fallback = (error: string): ModelAnswer => ({
    message: { sender: 'ai', content: plan.fallback, hit: { type: 'fallback', error }, latencyMs: elapsed(accepted.receivedAt) },
    failed: true,
  });
  const provider = engine.providerId === null ? null : await loadProviderForRuntime(deps, engine.providerId);
  if (!provider || provider.status !== '0') return fallback('config: 模型配置不存在或已停用');
  const model = engine.model || provider.defaultModel;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeoutError()), provider.timeoutMs);
  let text = '';
  try {
    for await (const event of streamChat({
      baseUrl: provider.baseUrl,
      apiKey: provider.apiKey,
      model,
      messages: plan.messages,
      temperature: engine.params.temperature,
      maxTokens: engine.params.maxTokens,
      timeoutMs: provider.timeoutMs,
      signal: controller.signal,
      target: provider.target,
    })) {
      if (event.type === 'delta') {
        text += event.text;
        if (live) await publishToConversation(deps, accepted.conversation.conversationId, { type: 'delta', tempId, text: event.text });
      } else {
        if (!text.trim()) return fallback('bad_response: 模型返回了空回复');
        return {
          message: {
            sender: 'ai',
            content: text,
            hit: { type: 'model', name: model },
            promptTokens: event.promptTokens,
            completionTokens: event.completionTokens,
            latencyMs: elapsed(accepted.receivedAt),
          },
          failed: false,
        };
      }
    }
    return fallback('bad_response: 模型回复不完整');
  } catch (err) {
    if (err instanceof LlmError) return fallback(`${err.kind}: ${err.message}`);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

