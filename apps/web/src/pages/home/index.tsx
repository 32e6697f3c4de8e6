import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { HomeContent } from '../../api/crm/apply';
import { ApplyFormCard } from './components/ApplyFormCard';
import { Footer } from './components/Footer';
import { NavBar } from './components/NavBar';
import { DesktopSlider, MobileSlider } from './components/Slides';
import { fetchHome, HomeApiError, submitApply, type ApplyInput } from './homeApi';
import './home.css';

type Phase = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; content: HomeContent };

const WIDE = '(min-width: 768px)';

/** Desktop or phone: only one of the two sliders is rendered, so a phone never downloads the wide pictures. */
function useWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE).matches,
  );
}

const messageOf = (error: unknown) => (error instanceof HomeApiError ? error.message : '请求失败，请稍后再试');

async function send(body: ApplyInput): Promise<string | undefined> {
  try {
    await submitApply(body);
    return undefined;
  } catch (error) {
    return messageOf(error);
  }
}

/**
 * The public landing page (/home): navigation, slider, the title block with the product's strengths, the
 * application form that feeds 申请记录, and the footer; all of it edited in the console (首页配置). Plain
 * React and one CSS file, loaded through the light public entry like /chat.
 */
export default function HomePage() {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const wide = useWide();

  const load = useCallback(() => {
    setPhase({ kind: 'loading' });
    fetchHome().then(
      (content) => setPhase({ kind: 'ready', content }),
      (error: unknown) => setPhase({ kind: 'error', message: messageOf(error) }),
    );
  }, []);
  useEffect(load, [load]);

  useEffect(() => {
    if (phase.kind === 'ready') document.title = phase.content.brand.name;
  }, [phase]);

  if (phase.kind !== 'ready') {
    return (
      <div className="home-page home-center">
        {phase.kind === 'error' ? (
          <div role="alert" className="home-state">
            <p>{phase.message}</p>
            <button type="button" className="home-primary" onClick={load}>
              重试
            </button>
          </div>
        ) : (
          <div className="home-spinner" aria-busy="true" aria-label="加载中" />
        )}
      </div>
    );
  }

  const { content } = phase;
  const { hero } = content;
  const hasSlides = content.slides.length > 0;
  return (
    <div className="home-page" id="top">
      <NavBar brand={content.brand} nav={content.nav} applyText={content.form.title} />
      {hasSlides && (wide ? <DesktopSlider slides={content.slides} /> : <MobileSlider slides={content.slides} />)}
      <main className={hasSlides ? 'home-main' : 'home-main home-main-band'}>
        <div className="home-main-inner">
          <section className="home-hero" id="features">
            <h1>{hero.title}</h1>
            {hero.subtitle && <p className="home-hero-sub">{hero.subtitle}</p>}
            {hero.features.length > 0 && (
              <ul className="home-features">
                {hero.features.map((f, i) => (
                  <li key={i}>
                    <strong>{f.title}</strong>
                    {f.text && <span>{f.text}</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="home-apply" id="apply">
            <ApplyFormCard texts={content.form} onSubmit={send} />
          </section>
        </div>
      </main>
      <Footer footer={content.footer} />
    </div>
  );
}
