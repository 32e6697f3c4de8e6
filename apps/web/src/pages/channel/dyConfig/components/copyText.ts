import { toast } from '../../../../utils/feedback';

/** Copies a link or address; where the clipboard is refused, the text is shown so it can be copied by hand. */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`已复制${what}`);
  } catch {
    toast.info(`请手动复制${what}：${text}`, 8000);
  }
}

/** A path of this site ("/prod-api/…", "/dyLogin?link=…") as the absolute address people paste elsewhere. */
export const absoluteUrl = (path: string) => `${window.location.origin}${path}`;
