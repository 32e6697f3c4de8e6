import { Tag } from 'antd';
import { BOSS_EXCHANGE_STATUS_LABELS, BOSS_EXCHANGE_STATUSES, type BossExchangeStatus } from '@acs/shared';

/** Contact details in hand are green, a pending request blue, a refusal red. */
const EXCHANGE_COLORS: Record<BossExchangeStatus, string> = {
  none: 'default',
  requested: 'blue',
  phone: 'green',
  wechat: 'green',
  resume: 'gold',
  refused: 'red',
};

export const EXCHANGE_OPTIONS = BOSS_EXCHANGE_STATUSES.map((value) => ({ value, label: BOSS_EXCHANGE_STATUS_LABELS[value] }));

export function ExchangeTag({ status }: { status: BossExchangeStatus }) {
  return (
    <Tag color={EXCHANGE_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {BOSS_EXCHANGE_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}
