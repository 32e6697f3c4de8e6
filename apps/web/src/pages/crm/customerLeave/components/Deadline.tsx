import { Tag } from 'antd';
import { parseTime } from '../../../../utils/ruoyi';
import { shortTime } from './leadLabels';

/** The first-contact deadline; red with 已逾期 once it passed without a contact. */
export default function Deadline({ deadline, overdue }: { deadline: string | null; overdue: boolean }) {
  if (!deadline) return <span className="lead-muted">-</span>;
  return (
    <span className={overdue ? 'lead-overdue' : undefined} title={parseTime(deadline)}>
      {shortTime(deadline)}
      {overdue && (
        <Tag color="red" className="lead-overdue-tag">
          已逾期
        </Tag>
      )}
    </span>
  );
}
