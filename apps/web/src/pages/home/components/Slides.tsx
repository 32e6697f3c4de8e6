import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { HomeContent } from '../../../api/crm/apply';
import { imageUrl, safeHref } from '../homeApi';

type Slide = HomeContent['slides'][number];

/** Seconds between the desktop slider's pictures while nobody points at it. */
const AUTOPLAY_MS = 5000;

function SlideBody({ slide, image, eager, children }: { slide: Slide; image: string; eager: boolean; children?: ReactNode }) {
  const body = (
    <>
      <img src={imageUrl(image)} alt={slide.title} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      {(slide.title || slide.text) && (
        <div className="home-slide-caption">
          {slide.title && <strong>{slide.title}</strong>}
          {slide.text && <span>{slide.text}</span>}
        </div>
      )}
      {children}
    </>
  );
  return slide.href ? (
    <a className="home-slide" href={safeHref(slide.href)}>
      {body}
    </a>
  ) : (
    <div className="home-slide">{body}</div>
  );
}

function Dots({ count, current, onPick }: { count: number; current: number; onPick: (i: number) => void }) {
  if (count < 2) return null;
  return (
    <div className="home-dots">
      {Array.from({ length: count }, (_, i) => (
        <button key={i} type="button" aria-label={`第${i + 1}张`} aria-current={i === current} className={i === current ? 'home-dot home-dot-on' : 'home-dot'} onClick={() => onPick(i)} />
      ))}
    </div>
  );
}

/** The wide slider of desktops: one picture at a time, turning by itself, with arrows and dots. */
export function DesktopSlider({ slides }: { slides: Slide[] }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setCurrent((c) => (c + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, count]);
  const go = (i: number) => setCurrent((i + count) % count);
  return (
    <section className="home-slider" aria-roledescription="carousel" aria-label="轮播图" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}>
      <div className="home-slider-track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {slides.map((s, i) => (
          <div key={i} className="home-slider-item" aria-hidden={i !== current}>
            <SlideBody slide={s} image={s.image} eager={i === 0} />
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" className="home-arrow home-arrow-prev" aria-label="上一张" onClick={() => go(current - 1)}>
            ‹
          </button>
          <button type="button" className="home-arrow home-arrow-next" aria-label="下一张" onClick={() => go(current + 1)}>
            ›
          </button>
        </>
      )}
      <Dots count={count} current={current} onPick={go} />
    </section>
  );
}

/** The phone slider: the tall pictures side by side, swiped with the finger (CSS scroll snapping). */
export function MobileSlider({ slides }: { slides: Slide[] }) {
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const pick = (i: number) => strip.current?.scrollTo({ left: i * strip.current.clientWidth, behavior: 'smooth' });
  return (
    <section className="home-mslider" aria-label="轮播图">
      <div
        ref={strip}
        className="home-mslider-strip"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {slides.map((s, i) => (
          <div key={i} className="home-mslider-item">
            <SlideBody slide={s} image={s.mobileImage || s.image} eager={i === 0} />
          </div>
        ))}
      </div>
      <Dots count={slides.length} current={current} onPick={pick} />
    </section>
  );
}
