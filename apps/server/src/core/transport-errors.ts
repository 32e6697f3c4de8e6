import type { FastifyRequest } from 'fastify';

const KB = 1024;
const MB = 1024 * KB;

/** `1MB`, `64KB`: the size units of the upload messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB}MB`;
  if (bytes >= KB && bytes % KB === 0) return `${bytes / KB}KB`;
  return `${bytes}B`;
}

type Message = string | ((request: FastifyRequest) => string);

/**
 * Chinese messages for the errors Fastify and its plugins raise before a handler runs (URL, body,
 * content type, multipart). One place, so every such error reaches the client as `{code, msg}`.
 */
const TRANSPORT_MESSAGES = new Map<string, Message>([
  ['FST_ERR_BAD_URL', '请求地址格式不正确'],
  ['FST_ERR_MAX_PARAM_LENGTH', '请求地址参数过长'],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', '请求数据不能为空'],
  ['FST_ERR_CTP_INVALID_JSON_BODY', '请求数据不是有效的JSON格式'],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', '不支持的请求数据类型'],
  ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', '请求数据长度与声明的长度不一致'],
  ['FST_ERR_CTP_BODY_TOO_LARGE', (request) => `请求数据过大，最大允许${formatBytes(request.routeOptions.bodyLimit)}`],
  ['FST_INVALID_MULTIPART_CONTENT_TYPE', '请求不是有效的文件上传格式'],
  ['FST_PROTO_VIOLATION', '上传的表单包含非法字段名'],
  ['FST_PARTS_LIMIT', '上传的表单项数量超出限制'],
  ['FST_FILES_LIMIT', '上传的文件数量超出限制'],
  ['FST_FIELDS_LIMIT', '上传的表单字段数量超出限制'],
  ['FST_REQ_FILE_TOO_LARGE', '上传的文件大小超出限制'],
]);

/** Said for any other client error (4xx) that carries no message of ours. */
export const BAD_REQUEST_MESSAGE = '请求无效';

/**
 * The client-facing message of a transport or framework error, or null when the error is not the
 * client's (a 5xx or an error without a status: a bug, logged by the caller).
 */
export function transportErrorMessage(err: { code?: string; statusCode?: number }, request: FastifyRequest): string | null {
  const known = err.code === undefined ? undefined : TRANSPORT_MESSAGES.get(err.code);
  if (known !== undefined) return typeof known === 'string' ? known : known(request);
  if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) return BAD_REQUEST_MESSAGE;
  return null;
}

/** Unknown paths outside the API prefix. */
export const notFoundMessage = (path: string) => `请求的资源不存在：${path}`;

/**
 * Unknown paths under the API prefix. Upstream answers these with Spring's English "No static
 * resource"; the code (500, HTTP 200) stays as the client expects, the words are ours in Chinese.
 */
export const apiNotFoundMessage = (path: string) => `请求地址'${path}'不存在`;
