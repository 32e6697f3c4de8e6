import { toast } from '../../../../utils/feedback';

/** The public chat page of a published agent. */
export function chatLink(agentId: number): string {
  return `${window.location.origin}/chat?agent=${agentId}`;
}

/** Copies the chat link; where the clipboard is refused the link is shown so it can be copied by hand. */
export async function copyChatLink(agentId: number): Promise<void> {
  const link = chatLink(agentId);
  try {
    await navigator.clipboard.writeText(link);
    toast.success(`已复制聊天链接：${link}`);
  } catch {
    toast.info(`请手动复制聊天链接：${link}`, 8000);
  }
}
