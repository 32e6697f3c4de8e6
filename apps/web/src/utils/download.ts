import type { AjaxResult } from '../types/api';
import { showLoading, toast } from './feedback';
import { tansParams } from './params';
import { messageForCode, sendRequest, type RequestConfig } from './request';

export const DOWNLOAD_FAILED_MESSAGE = '下载文件出现错误，请联系管理员！';

function saveBlob(blob: Blob, filename: string): void {
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
 * POSTs the params form-encoded and saves the returned file; a JSON answer is an error message.
 * Never rejects: every failure is shown as a toast.
 */
export async function download(url: string, params: object, filename: string, cfg?: RequestConfig): Promise<void> {
  const close = showLoading('正在下载数据，请稍候');
  try {
    const res = await sendRequest({
      ...cfg,
      method: 'post',
      url,
      data: tansParams(params),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      responseType: 'blob',
    });
    const blob = res.data as Blob;
    if (blob.type.includes('application/json')) {
      const body = JSON.parse(await blob.text()) as AjaxResult;
      toast.error(messageForCode(body.code, body.msg));
      return;
    }
    saveBlob(blob, filenameFrom(res.headers['download-filename'], filename));
  } catch (error) {
    // The failure is reported to the user here, so callers need no error handling of their own.
    console.error(error);
    toast.error(DOWNLOAD_FAILED_MESSAGE);
  } finally {
    close();
  }
}
