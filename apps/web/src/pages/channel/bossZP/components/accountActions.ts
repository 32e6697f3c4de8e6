import { pauseBossAccount, rotateBossKey, type BossAccount, type BossConnectorKey } from '../../../../api/channel/bossZP';
import { confirmAction } from '../../../../components/ListPage';
import { confirmDialog } from '../../../../utils/feedback';

/**
 * 暂停 / 恢复 (human in the loop): asks first, since pausing hands the account's candidates to people
 * and resuming lets the AI write to them again.
 */
export function togglePause(row: Pick<BossAccount, 'accountId' | 'recruiterName' | 'paused'>, reload: () => void): Promise<void> {
  const pausing = !row.paused;
  const content = pausing
    ? `暂停后「${row.recruiterName}」不再自动打招呼和回复，AI也不再作答，候选人的消息留给人工处理。确认暂停吗？`
    : `恢复后「${row.recruiterName}」按运行时段和每日上限继续自动打招呼和回复。确认恢复吗？`;
  return confirmAction(
    { title: pausing ? '暂停账号' : '恢复账号', content, okText: pausing ? '暂停' : '恢复', type: 'warning' },
    () => pauseBossAccount(row.accountId, pausing),
    pausing ? '已暂停' : '已恢复',
    reload,
  );
}

/**
 * 生成密钥 / 轮换密钥. Rotating asks first: the old key stops at once and the client using it goes
 * offline until it gets the new one. Resolves with the new key (its secret is in this answer only), or
 * undefined when cancelled or refused (the request layer has shown why).
 */
export async function issueKey(row: Pick<BossAccount, 'accountId' | 'recruiterName' | 'keyId'>): Promise<BossConnectorKey | undefined> {
  if (row.keyId) {
    const ok = await confirmDialog({
      title: '轮换连接密钥',
      content: `轮换后旧密钥（${row.keyId}）立即失效，正在使用它的自动化客户端会断开，需换上新密钥才能继续。确认轮换「${row.recruiterName}」的连接密钥吗？`,
      okText: '轮换',
      type: 'warning',
    });
    if (!ok) return undefined;
  }
  try {
    return (await rotateBossKey(row.accountId)).data;
  } catch (error) {
    console.warn('生成连接密钥未完成', error);
    return undefined;
  }
}
