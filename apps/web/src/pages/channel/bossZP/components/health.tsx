import { Tag, Tooltip } from 'antd';
import { BOSS_SESSION_HEALTH_LABELS, BOSS_SESSION_HEALTHS, type BossSessionHealth } from '@acs/shared';

const HEALTH_COLORS: Record<BossSessionHealth, string> = {
  logged_in: 'success',
  needs_qr: 'warning',
  captcha: 'warning',
  rate_limited: 'gold',
  banned: 'error',
  unknown: 'default',
};

/** What the operator should do about each state; the automation client cannot fix any of these itself. */
export const HEALTH_ADVICE: Record<BossSessionHealth, string> = {
  logged_in: '会话正常，自动化客户端在线，按运行时段和每日上限自动打招呼、回复。',
  needs_qr: '登录已失效：请在自动化客户端中打开该账号，用BOSS直聘App扫码登录。',
  captcha: '平台要求人工验证：请在自动化客户端中完成验证码，完成后客户端自动继续。',
  rate_limited: '平台限制了操作频率：客户端会暂停一段时间后自动恢复；如经常出现，请调低每日上限或缩短运行时段。',
  banned: '账号已被平台封禁：请暂停该账号，在BOSS直聘App内申诉，解封后重新扫码登录。',
  unknown: '自动化客户端尚未连接：请先生成连接密钥并填入客户端，再在客户端中扫码登录。',
};

export const HEALTH_OPTIONS = BOSS_SESSION_HEALTHS.map((value) => ({ value, label: BOSS_SESSION_HEALTH_LABELS[value] }));

/** The session state in words, what to do about it in the tooltip (with what the client reported, if anything). */
export function HealthTag({ health, detail }: { health: BossSessionHealth; detail?: string }) {
  const advice = (
    <>
      <div>{HEALTH_ADVICE[health]}</div>
      {detail && <div style={{ marginTop: 4, opacity: 0.85 }}>客户端报告：{detail}</div>}
    </>
  );
  return (
    <Tooltip title={advice}>
      <Tag color={HEALTH_COLORS[health]} style={{ marginInlineEnd: 0, cursor: 'help' }}>
        {BOSS_SESSION_HEALTH_LABELS[health] ?? health}
      </Tag>
    </Tooltip>
  );
}
