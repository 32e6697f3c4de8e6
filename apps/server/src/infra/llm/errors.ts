import { ADDRESS_NOT_ALLOWED, type OutboundErrorKind } from '../outbound/fetch';

export type LlmErrorKind = 'timeout' | 'rate_limit' | 'auth' | 'http' | 'network' | 'tls' | 'blocked' | 'bad_response';

/**
 * A failed call to a model provider, with a Chinese message fit to show staff (test connection,
 * debug chat) and to record on the message the fallback replaced. One fixed message per kind: the
 * provider's own text is never repeated, since whoever can type a base URL could otherwise read any
 * internal server's answers through it (docs/ai-service.md §出站请求).
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

/** A non-2xx answer (a redirect included: it is not followed). The kind lets the runtime tell a wrong key or a rate limit apart. */
export function httpError(status: number): LlmError {
  const kind = status === 401 || status === 403 ? 'auth' : status === 429 ? 'rate_limit' : 'http';
  return new LlmError(kind, `模型服务返回错误（HTTP ${status}）`, status);
}

export const timeoutError = () => new LlmError('timeout', '模型服务响应超时');
export const networkError = () => new LlmError('network', '无法连接到模型服务');
export const badResponseError = () => new LlmError('bad_response', '模型服务返回了无法识别的数据');
/** An error object sent inside a 200 stream (the provider failed after it started answering). */
export const streamError = () => new LlmError('http', '模型服务返回错误');

/** The outbound guard's refusals and failures in the model service's words. */
export function outboundError(kind: OutboundErrorKind): LlmError {
  switch (kind) {
    case 'blocked':
      return new LlmError('blocked', ADDRESS_NOT_ALLOWED);
    case 'tls':
      return new LlmError('tls', '与模型服务建立安全连接（TLS）失败');
    case 'too_large':
      return new LlmError('bad_response', '模型服务返回的数据过大');
    case 'unreachable':
      return networkError();
  }
}
