import { saveBlob } from '../../../../utils/download';
import { toast } from '../../../../utils/feedback';

export async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('代码已复制到剪切板，可粘贴。');
  } catch (error) {
    console.error(error);
    toast.error('代码复制失败');
  }
}

export function saveText(text: string, filename: string, type: string): void {
  saveBlob(new Blob([text], { type: `${type};charset=utf-8` }), filename);
}

/** The text of a file the user picked; files over `maxBytes` are refused before they are read. */
export async function readTextFile(file: File, maxBytes: number): Promise<string> {
  if (file.size > maxBytes) throw new Error(`导入失败：文件不能超过 ${maxBytes / 1024} KB`);
  return file.text();
}
