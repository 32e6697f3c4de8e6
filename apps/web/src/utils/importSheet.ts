import type { AjaxResult } from '../types/api';
import { sendRequest } from './request';

/**
 * Uploads an Excel import sheet (RuoYi's importData with updateSupport). The per-row report comes back
 * in `msg` whether the import succeeded or not, and the screens show it either way, so the body is
 * read raw instead of through the envelope's error toasts.
 */
export async function uploadImportSheet(url: string, file: File, updateSupport: boolean): Promise<AjaxResult> {
  const data = new FormData();
  data.append('file', file);
  const res = await sendRequest({
    method: 'post',
    url,
    params: { updateSupport: updateSupport ? 1 : 0 },
    data,
    headers: { 'Content-Type': 'multipart/form-data' },
    responseType: 'blob',
  });
  return JSON.parse(await (res.data as Blob).text()) as AjaxResult;
}
