import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml';

describe('sanitizeHtml (DOMPurify under the shared rich-text allow-list)', () => {
  it('keeps formatting, links and images', () => {
    const html =
      '<h2 style="text-align: center">标题</h2><p style="color: red">你好 <strong>世界</strong> <u>下</u><s>删</s> ' +
      '<a href="https://example.com" target="_blank">链接</a></p><ul><li>一</li></ul><blockquote>引</blockquote>' +
      '<img src="/prod-api/profile/a.png" alt="图"><table><tbody><tr><td colspan="2">格</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html.replace('target="_blank"', 'target="_blank" rel="noopener noreferrer"'));
  });

  it('drops scripts, event handlers and script URLs', () => {
    const out = sanitizeHtml(
      '<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a><iframe src="https://evil"></iframe><p style="background:url(javascript:x)">t</p>',
    );
    expect(out).toBe('<a>x</a><p>t</p>');
    expect(sanitizeHtml('<a href="&#106;avascript:alert(1)">x</a><a href="java\tscript:alert(1)">y</a>')).toBe('<a>x</a><a>y</a>');
    expect(sanitizeHtml('<img src="//evil.example/a.png"><img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('keeps only the allowed attributes of each element and the allowed style properties', () => {
    expect(sanitizeHtml('<p onclick="x()" class="c" id="i" data-x="1" title="t">a</p>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<p style="position:fixed;color:blue;text-align:right">a</p>')).toBe('<p style="color: blue; text-align: right">a</p>');
    expect(sanitizeHtml('<a href="https://ok" rel="opener" target="_self">y</a>')).toBe('<a href="https://ok">y</a>');
  });

  it('unwraps unknown elements, keeping their text, and drops dangerous ones with their content', () => {
    expect(sanitizeHtml('<custom-tag><b>粗体</b></custom-tag><!-- c --><font color="red"><h5>小标题</h5></font>')).toBe('<b>粗体</b>小标题');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg><math><mi>x</mi></math>ok')).toBe('ok');
  });
});
