import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml';

describe('sanitizeHtml', () => {
  it('keeps formatting, links and images', () => {
    const html = '<p style="color: red">你好 <strong>世界</strong> <a href="https://example.com" target="_blank">链接</a></p><img src="/prod-api/profile/a.png" alt="图">';
    const out = sanitizeHtml(html);
    expect(out).toContain('<strong>世界</strong>');
    expect(out).toContain('href="https://example.com"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('src="/prod-api/profile/a.png"');
    expect(out).toContain('style="color: red"');
  });

  it('drops scripts, event handlers and script URLs', () => {
    const out = sanitizeHtml('<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a><iframe src="https://evil"></iframe><p style="background:url(javascript:x)">t</p>');
    expect(out).not.toMatch(/script|onerror|iframe|javascript/i);
    expect(out).toContain('<a>x</a>');
    expect(out).toContain('<p>t</p>');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<custom-tag><b>粗体</b></custom-tag><!-- c -->')).toBe('<b>粗体</b>');
  });
});
