import type { ReactNode } from 'react';

/**
 * A titled white panel. Plain markup rather than antd Card: Card pulls in Tabs and Skeleton, which the
 * first screen after sign-in does not otherwise need.
 */
export function Panel({ title, className, children }: { title?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={`workbench-panel${className ? ` ${className}` : ''}`}>
      {title && <h3 className="workbench-panel-head">{title}</h3>}
      <div className="workbench-panel-body">{children}</div>
    </section>
  );
}

/** Grey placeholder lines while a panel's data loads. */
export function Placeholder({ rows }: { rows: number }) {
  return (
    <div className="workbench-placeholder" aria-busy="true" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
}
