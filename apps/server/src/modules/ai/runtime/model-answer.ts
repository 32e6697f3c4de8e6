import { performance } from 'node:perf_hooks';
import type { AppDeps } from '../../../app';
import { LlmError, timeoutError } from '../../../infra/llm/errors';
import { streamChat } from '../../../infra/llm/openai';
import { isNoAnswer, NO_ANSWER_MARKER, promptReferences } from '../engine/prompt';
import type { TurnPlan } from '../engine/types';
import type { RuntimeProvider } from '../model/provider-runtime';
import { publishToConversation } from './events';
import type { NewMessage } from './messages';
import type { AcceptedMessage } from './turn';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'config' | 'now'>;

export const elapsed = (since: number) => Math.round(performance.now() - since);

/** Recorded on the fallback sent when the model said the references hold no answer. */
export const NO_ANSWER_ERROR = 'no_answer: 资料中没有答案';

/** Longest k < marker length such that `text` ends with the marker's first k characters. */
function markerStartAtEnd(text: string): number {
  for (let k = Math.min(NO_ANSWER_MARKER.length - 1, text.length); k > 0; k--) {
    if (text.endsWith(NO_ANSWER_MARKER.slice(0, k))) return k;
  }
  return 0;
}

const BLANK = /^[\s\p{P}\p{S}]*$/u;

/**
 * Keeps NO_ANSWER_MARKER from ever reaching the customer as streamed text: text is released only
 * once it can no longer be (the start of) the marker. Leading whitespace and punctuation wait for
 * real text, since the marker may come wrapped in them; once the whole marker has arrived nothing
 * more is released (the runtime then sends the fallback, which replaces the draft).
 */
export class MarkerHold {
  private text = '';
  private released = 0;
  private seen = false;

  /** Adds a streamed chunk; returns what may be shown now ('' while held). */
  push(chunk: string): string {
    this.text += chunk;
    if (this.seen || this.text.includes(NO_ANSWER_MARKER)) {
      this.seen = true;
      return '';
    }
    const end = this.text.length - markerStartAtEnd(this.text);
    if (this.released === 0 && BLANK.test(this.text.slice(0, end))) return '';
    const out = this.text.slice(this.released, end);
    this.released = end;
    return out;
  }

  /** The whole answer says "no answer": the marker anywhere, or only the marker's words however wrapped. */
  get noAnswer(): boolean {
    return this.seen || isNoAnswer(this.text);
  }

  /** At the end of the stream: what is still held (nothing when the answer is the marker). */
  rest(): string {
    if (this.noAnswer) return '';
    const out = this.text.slice(this.released);
    this.released = this.text.length;
    return out;
  }

  get full(): string {
    return this.text;
  }
}

export interface ModelAnswer {
  message: NewMessage;
  /** The model failed: the fallback was sent and counts as an unanswered message. */
  failed: boolean;
}

/**
 * Streams the model's answer, publishing each chunk as a `delta` of the draft `tempId` (held back
 * while it could be NO_ANSWER_MARKER, see MarkerHold). Any failure (provider gone or disabled, HTTP
 * error, rate limit, wrong key, timeout, or the model saying the references hold no answer) gives
 * the plan's fallback with the reason recorded. A model answer records in `refs` the knowledge
 * entries its prompt carried. The whole call is capped at the provider's timeout so a turn never hangs.
 */
export async function answerWithModel(
  deps: Deps,
  accepted: AcceptedMessage,
  plan: Extract<TurnPlan, { kind: 'model' }>,
  tempId: string,
  provider: RuntimeProvider | null,
): Promise<ModelAnswer> {
  const { engine } = accepted.bundle;
  const live = !accepted.debug;
  const fallback = (error: string): ModelAnswer => ({
    message: { sender: 'ai', content: plan.fallback, hit: { type: 'fallback', error }, latencyMs: elapsed(accepted.receivedAt) },
    failed: true,
  });
  if (!provider || provider.status !== '0') return fallback('config: 模型配置不存在或已停用');
  const model = engine.model || provider.defaultModel;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeoutError()), provider.timeoutMs);
  const hold = new MarkerHold();
  const publish = async (text: string) => {
    if (live && text) await publishToConversation(deps, accepted.conversation.conversationId, { type: 'delta', tempId, text });
  };
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
        await publish(hold.push(event.text));
      } else {
        if (hold.noAnswer) return fallback(NO_ANSWER_ERROR);
        if (!hold.full.trim()) return fallback('bad_response: 模型返回了空回复');
        await publish(hold.rest());
        const refs = promptReferences(plan.knowledge).map((h) => ({ id: h.entry.knowledgeId, name: h.entry.question, score: h.score }));
        return {
          message: {
            sender: 'ai',
            content: hold.full,
            hit: { type: 'model', name: model, ...(refs.length > 0 ? { refs } : {}) },
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

