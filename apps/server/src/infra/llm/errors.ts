export type LlmErrorKind = 'timeout' | 'rate_limit' | 'auth' | 'http' | 'network' | 'bad_response';

/**
 * A failed call to a model provider, with a Chinese message fit to show staff (test connection,
 * debug chat) and to record on the message the fallback replaced. Never carries the API key.
 */
export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

const MAX_DETAIL = 200;

/** Removes the key from provider text (some providers quote the key they rejected). */
export function scrubSecret(text: string, secret: string): string {
  return secret.length >= 4 ? text.split(secret).join('***') : text;
}

/** The provider's own error text from a JSON or plain body: `{error:{message}}`, `{error:'…'}`, `{message}`. */
export function providerMessage(body: string): string {
  let text = body.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    const found = messageOf(parsed);
    if (found !== null) text = found;
  } catch {
    // A plain-text or HTML error page (a gateway's 502, a wrong path's 404): its text is the best detail there is.
    text = text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

function messageOf(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as { error?: unknown; message?: unknown };
  if (typeof v.error === 'string') return v.error;
  if (v.error && typeof v.error === 'object') {
    const m = (v.error as { message?: unknown }).message;
    if (typeof m === 'string') return m;
  }
  return typeof v.message === 'string' ? v.message : null;
}

const withDetail = (base: string, detail: string) => (detail ? `${base}：${detail}` : base);

/** Classifies a non-2xx answer by its status, keeping the provider's explanation. */
export function httpError(status: number, detail: string): LlmError {
  if (status === 401 || status === 403) return new LlmError('auth', withDetail('API Key 无效或无权限', detail), status);
  if (status === 429) return new LlmError('rate_limit', withDetail('模型服务限流，请稍后再试', detail), status);
  return new LlmError('http', withDetail(`模型服务返回错误（HTTP ${status}）`, detail), status);
}

export const timeoutError = () => new LlmError('timeout', '模型服务响应超时');
export const networkError = (detail: string) => new LlmError('network', withDetail('无法连接模型服务', detail));
export const badResponseError = (detail = '') => new LlmError('bad_response', withDetail('模型服务返回了无法识别的数据', detail));
/** An error object sent inside a 200 stream (the provider failed after it started answering). */
export const streamError = (detail: string) => new LlmError('http', withDetail('模型服务返回错误', detail));
