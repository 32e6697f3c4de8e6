import { useState, type ReactNode } from 'react';
import './douyin.css';

/** The frame of the public Douyin pages: the grey page, one white card, and the product line above its content. */
export function PublicFrame({ caption, wide, children }: { caption: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className="dy-page">
      <main className={wide ? 'dy-card dy-card-wide' : 'dy-card'}>
        <div className="dy-brand">
          <span className="dy-brand-mark" aria-hidden>
            抖
          </span>
          {caption}
        </div>
        {children}
      </main>
    </div>
  );
}

const ICONS = { success: '✓', warning: '!', error: '×' } as const;

interface StateViewProps {
  /** No icon: a spinner (something is under way). */
  tone?: keyof typeof ICONS;
  title: string;
  children?: ReactNode;
}

/** A whole-card state: waiting, a result, or a link that cannot be used. Announced to screen readers. */
export function StateView({ tone, title, children }: StateViewProps) {
  return (
    <section className="dy-state" role={tone ? 'status' : undefined} aria-busy={tone ? undefined : true}>
      {tone ? (
        <span className={`dy-icon dy-icon-${tone}`} aria-hidden>
          {ICONS[tone]}
        </span>
      ) : (
        <span className="dy-spinner" aria-hidden />
      )}
      <h1 className="dy-title">{title}</h1>
      {children}
    </section>
  );
}

/** Loading failed (network, server): the reason and 重试. */
export function RetryView({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StateView tone="error" title="加载失败">
      <p className="dy-muted">{message}</p>
      <button type="button" className="dy-secondary" onClick={onRetry}>
        重试
      </button>
    </StateView>
  );
}

/**
 * A Douyin avatar (the platform's CDN refuses other sites' referrers), or the name's first character when
 * there is none or it does not load.
 */
export function Avatar({ src, name, large }: { src?: string; name: string; large?: boolean }) {
  const [failed, setFailed] = useState(false);
  const size = large ? 'dy-avatar dy-avatar-large' : 'dy-avatar';
  if (!src || failed) {
    return (
      <span className={`${size} dy-avatar-initial`} aria-hidden>
        {name.slice(0, 1) || '抖'}
      </span>
    );
  }
  return <img className={size} src={src} alt={`${name}的头像`} referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
}
