import { Tag } from 'antd';
import { APPLY_STATUS_LABELS, type ApplyStatus } from '@acs/shared';
import { APPLY_STATUS_COLORS } from './applyLabels';

export default function ApplyStatusTag({ status }: { status: ApplyStatus }) {
  return (
    <Tag color={APPLY_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {APPLY_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}
