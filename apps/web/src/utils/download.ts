import type { AjaxResult } from '../types/api';
import { showLoading, toast } from './feedback';
import { tansParams } from './params';
import { messageForCode, sendRequest, type RequestConfig } from './request';

export const DOWNLOAD_FAILED_MESSAGE = '下载文件出现错误，请联系管理员！';

export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}

function filenameFrom(header: unknown, fallback: string): string {
  return typeof header === 'string' && header ? decodeURIComponent(header) : fallback;
}

/**
 * Sends the request and saves the file it answers; a JSON answer is the server's refusal.
 * Never rejects: every failure is shown as a toast, so callers need no error handling of their own.
 */
export async function downloadFile(request: RequestConfig, filename: string): Promise<void> {
  const close = showLoading('正在下载数据，请稍候');
  try {
    const res = await sendRequest({ ...request, responseType: 'blob' });
    const blob = res.data as Blob;
    if (blob.type.includes('application/json')) {
      const body = JSON.parse(await blob.text()) as AjaxResult;
      toast.error(messageForCode(body.code, body.msg));
      return;
    }
    saveBlob(blob, filenameFrom(res.headers['download-filename'], filename));
  } catch (error) {
    console.error(error);
    toast.error(DOWNLOAD_FAILED_MESSAGE);
  } finally {
    close();
  }
}

/** POSTs the params form-encoded and saves the returned file (RuoYi's exports). */
export function download(url: string, params: object, filename: string, cfg?: RequestConfig): Promise<void> {
  return downloadFile(
    { ...cfg, method: 'post', url, data: tansParams(params), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
    filename,
  );
}
