import { describe, expect, it } from 'vitest';
import { richTextAttributes, richTextStyle } from './rich-text';

const attrs = (tag: string, a: Record<string, string>, prefix = '/prod-api') => richTextAttributes(tag, a, prefix);

describe('rich-text allow-list', () => {
  it("keeps only the element's own attributes, and sets rel itself on links opening a new window", () => {
    expect(attrs('p', { style: 'color:red', title: 't', class: 'c' })).toEqual({ style: 'color: red' });
    expect(attrs('a', { href: 'https://a.example', target: '_blank', rel: 'opener' })).toEqual({
      href: 'https://a.example',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    expect(attrs('a', { href: 'https://a.example', rel: 'opener' })).toEqual({ href: 'https://a.example' });
  });

  it('refuses an image without a usable source: http(s) or a file uploaded here (under the given prefix)', () => {
    expect(attrs('img', { src: '/api/profile/a.png' }, '/api')).toEqual({ src: '/api/profile/a.png' });
    expect(attrs('img', { src: '/prod-api/profile/a.png' }, '/api')).toBeNull();
    expect(attrs('img', { src: 'data:image/png;base64,AA' })).toBeNull();
    expect(attrs('img', { src: 'java\nscript:alert(1)' })).toBeNull();
  });

  it('keeps the listed style properties with plain values only', () => {
    expect(richTextStyle('COLOR: #FFF; text-align: right; position: fixed')).toBe('color: #FFF; text-align: right');
    expect(richTextStyle('background-color: url(x)')).toBeNull();
  });
});
