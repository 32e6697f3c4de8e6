import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import {
  Code,
  DEFAULT_API_PREFIX,
  ERROR_TOAST_MS,
  REPEAT_SUBMIT_WINDOW_MS,
  REQUEST_TIMEOUT_MS,
} from '@acs/shared';
import type { AjaxResult } from '../types/api';
import { getToken } from './auth';
import { confirmDialog, notifyError, toast } from './feedback';
import { tansParams } from './params';

export interface RequestConfig extends AxiosRequestConfig {
  /** false: send no Authorization header (login, register, captcha). */
  isToken?: boolean;
  /** false: skip the duplicate-submit guard. */
  repeatSubmit?: boolean;
}

export const baseURL: string = import.meta.env.VITE_API_BASE ?? DEFAULT_API_PREFIX;

export const service = axios.create({
  baseURL,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json;charset=utf-8' },
});

/** Texts that replace the server message for these codes. */
export const errorCode: Record<string, string> = {
  '401': '认证失败，无法访问系统资源',
  '403': '当前操作没有权限',
  '404': '访问资源不存在',
  default: '系统未知错误，请反馈给管理员',
};

export function messageForCode(code: number, msg?: string): string {
  return errorCode[String(code)] ?? (msg || errorCode.default);
}

export const REPEAT_SUBMIT_MESSAGE = '数据正在处理，请勿重复提交';
export const SESSION_EXPIRED_MESSAGE = '无效的会话，或者会话已过期，请重新登录。';
const REPEAT_STORE_KEY = 'sessionObj';
/** Bodies this large are not remembered (sessionStorage quota). */
const REPEAT_MAX_BODY = 5 * 1024 * 1024;

/** Rejects a POST/PUT whose url+body equals the previous one sent less than 2000 ms ago. */
function guardRepeatSubmit(url: string, data: unknown): void {
  // FormData/Blob bodies stringify to '{}' and would block unrelated uploads; only JSON-ish bodies count.
  if (data instanceof FormData || data instanceof Blob) return;
  const body = typeof data === 'object' ? JSON.stringify(data ?? null) : String(data ?? '');
  if (body.length >= REPEAT_MAX_BODY) return;
  const now = Date.now();
  const previousRaw = sessionStorage.getItem(REPEAT_STORE_KEY);
  if (previousRaw) {
    const previous = JSON.parse(previousRaw) as { url: string; data: string; time: number };
    if (previous.url === url && previous.data === body && now - previous.time < REPEAT_SUBMIT_WINDOW_MS) {
      throw new Error(REPEAT_SUBMIT_MESSAGE);
    }
  }
  sessionStorage.setItem(REPEAT_STORE_KEY, JSON.stringify({ url, data: body, time: now }));
}

/** Only one expired-session prompt at a time, however many calls fail together. */
let reloginPromptOpen = false;

async function promptRelogin(): Promise<void> {
  if (reloginPromptOpen) return;
  reloginPromptOpen = true;
  try {
    const relogin = await confirmDialog({
      title: '系统提示',
      content: '登录状态已过期，您可以继续留在该页面，或者重新登录',
      okText: '重新登录',
      cancelText: '取消',
      type: 'warning',
    });
    if (relogin) {
      // Imported on demand: the user store itself calls the API through this module.
      const { useUserStore } = await import('../stores/user');
      await useUserStore.getState().logout();
      window.location.href = '/index';
    }
  } finally {
    reloginPromptOpen = false;
  }
}

function transportMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) return '系统接口请求超时';
    if (error.response) return `系统接口${error.response.status}异常`;
    if (error.message === 'Network Error' || error.code === AxiosError.ERR_NETWORK) return '后端接口连接异常';
  }
  return error instanceof Error ? error.message : String(error);
}

function isBinary(res: AxiosResponse): boolean {
  const type = res.request?.responseType ?? res.config.responseType;
  return type === 'blob' || type === 'arraybuffer' || res.data instanceof Blob || res.data instanceof ArrayBuffer;
}

/** Applies the envelope rules; resolves only for code 200. */
function checkEnvelope(body: AjaxResult): void {
  const code = body.code ?? Code.SUCCESS;
  if (code === Code.SUCCESS) return;
  const msg = messageForCode(code, body.msg);
  if (code === Code.UNAUTHORIZED) {
    void promptRelogin();
    throw new Error(SESSION_EXPIRED_MESSAGE);
  }
  if (code === Code.ERROR) toast.error(msg);
  else if (code === Code.WARN) toast.warning(msg);
  else notifyError(msg);
  throw new Error(msg);
}

/**
 * Sends a request with the token, GET param encoding and duplicate guard, and reports transport errors.
 * Binary responses come back untouched (with headers, for downloads); JSON bodies must carry code 200.
 */
export async function sendRequest(cfg: RequestConfig): Promise<AxiosResponse> {
  const { isToken, repeatSubmit, ...axiosCfg } = cfg;
  const method = (axiosCfg.method ?? 'get').toLowerCase();
  const headers: Record<string, string> = { ...(axiosCfg.headers as Record<string, string> | undefined) };
  const token = getToken();
  if (isToken !== false && token) headers.Authorization = `Bearer ${token}`;
  let url = axiosCfg.url ?? '';
  if ((method === 'get' || method === 'delete') && axiosCfg.params) {
    const query = tansParams(axiosCfg.params as object);
    if (query) url += (url.includes('?') ? '&' : '?') + query;
    axiosCfg.params = undefined;
  }
  try {
    if ((method === 'post' || method === 'put') && repeatSubmit !== false) guardRepeatSubmit(url, axiosCfg.data);
  } catch (error) {
    toast.error((error as Error).message, ERROR_TOAST_MS);
    throw error;
  }
  let res: AxiosResponse;
  try {
    res = await service.request({ ...axiosCfg, method, url, headers });
  } catch (error) {
    toast.error(transportMessage(error), ERROR_TOAST_MS);
    throw error;
  }
  if (!isBinary(res)) checkEnvelope(res.data as AjaxResult);
  return res;
}

async function body<T>(cfg: RequestConfig): Promise<T> {
  return (await sendRequest(cfg)).data as T;
}

/** Calls resolve to the whole response body (the envelope) when its code is 200. */
export const http = {
  get: <T = AjaxResult>(url: string, params?: object, cfg?: RequestConfig) => body<T>({ ...cfg, method: 'get', url, params }),
  post: <T = AjaxResult>(url: string, data?: unknown, cfg?: RequestConfig) => body<T>({ ...cfg, method: 'post', url, data }),
  put: <T = AjaxResult>(url: string, data?: unknown, cfg?: RequestConfig) => body<T>({ ...cfg, method: 'put', url, data }),
  delete: <T = AjaxResult>(url: string, params?: object, cfg?: RequestConfig) =>
    body<T>({ ...cfg, method: 'delete', url, params }),
};
