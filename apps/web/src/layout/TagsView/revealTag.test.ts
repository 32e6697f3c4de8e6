import { describe, expect, it } from 'vitest';
import { revealTag } from '.';

function box(el: HTMLElement, props: Record<string, number>) {
  for (const [name, value] of Object.entries(props)) Object.defineProperty(el, name, { configurable: true, value, writable: true });
  return el;
}

describe('revealTag', () => {
  const container = () => box(document.createElement('div'), { clientWidth: 300, scrollLeft: 200 });

  it('scrolls left so a tag hidden on the left shows with a 4 px margin', () => {
    const c = container();
    revealTag(c, box(document.createElement('a'), { offsetLeft: 120, offsetWidth: 60 }));
    expect(c.scrollLeft).toBe(116);
  });

  it('scrolls right so a tag hidden on the right shows with a 4 px margin', () => {
    const c = container();
    revealTag(c, box(document.createElement('a'), { offsetLeft: 560, offsetWidth: 80 }));
    expect(c.scrollLeft).toBe(560 + 80 + 4 - 300);
  });

  it('leaves the scroll alone when the tag is already visible', () => {
    const c = container();
    revealTag(c, box(document.createElement('a'), { offsetLeft: 260, offsetWidth: 80 }));
    expect(c.scrollLeft).toBe(200);
  });
});
