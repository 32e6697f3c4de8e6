import { http } from '../../utils/request';
import { toDisplayUrl } from '../upload/url';
import { fileExtension } from '../upload/rules';

export const IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'gif'] as const;
export const INSERT_FAILED = '图片插入失败';

/** The pick checks of the editor's image button (screens catalogue §7.14); null when the file passes. */
export function checkEditorImage(file: File, fileSizeMb: number): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(fileExtension(file.name))) return '图片格式错误!';
  if (file.size / 1024 / 1024 > fileSizeMb) return `上传图片大小不能超过 ${fileSizeMb} MB!`;
  return null;
}

/**
 * Uploads one image through /common/upload (RuoYi's editor endpoint; the server's general upload rules:
 * extension allow-list, size limit) and returns the URL to put in the content.
 */
export async function uploadEditorImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  // The instance default is JSON, under which axios would serialise the FormData; the browser sets the boundary.
  const res = await http.post<{ fileName?: string }>('/common/upload', form, {
    headers: { 'Content-Type': 'multipart/form-data' },
    repeatSubmit: false,
  });
  if (!res.fileName) throw new Error(INSERT_FAILED);
  return toDisplayUrl(res.fileName);
}
