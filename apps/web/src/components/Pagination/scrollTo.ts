function easeInOutQuad(t: number): number {
  return t < 0.5 ? 2 * t * t : -1 + (4 - 2 * t) * t;
}

/** Smoothly scrolls the window to `to` over `durationMs`, frame by frame. */
export function scrollTo(to: number, durationMs: number): void {
  const from = document.documentElement.scrollTop || document.body.scrollTop;
  const start = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / durationMs);
    const y = from + (to - from) * easeInOutQuad(t);
    document.documentElement.scrollTop = y;
    document.body.scrollTop = y;
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
