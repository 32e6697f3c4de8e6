import type { ReactNode } from 'react';

/** A count on a top-bar icon, styled like antd's small Badge (which the shell would load for this alone). */
export default function CountBadge({ count, label, children }: { count: number; label: (count: number) => string; children: ReactNode }) {
  return (
    <span className="unread-badge">
      {children}
      {count > 0 && (
        <sup className="unread-badge-count" aria-label={label(count)}>
          {count > 99 ? '99+' : count}
        </sup>
      )}
    </span>
  );
}
