import { describe, expect, it } from 'vitest';
import { sanitizeNoticeHtml } from '../../../src/modules/system/notice/sanitize';

const clean = (html: string) => sanitizeNoticeHtml(html, { apiPrefix: '/prod-api' });

describe('notice content sanitiser', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2 style="text-align: center">标题</h2><p><strong>粗</strong><b>体</b><em>斜</em><i>体</i><u>下划线</u><s>删除</s><br></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote>' +
      '<p><span style="color: rgb(255, 0, 0); background-color: #ff0">彩色</span></p>' +
      '<table><tbody><tr><td colspan="2">格</td></tr></tbody></table>';
    // sanitize-html writes void elements in their self-closing form.
    expect(clean(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('keeps safe links and images, and adds rel to links opening a new window', () => {
    expect(clean('<a href="https://example.com/a?b=1&amp;c=2" target="_blank">链接</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">链接</a>',
    );
    expect(clean('<a href="mailto:a@b.c">信</a>')).toBe('<a href="mailto:a@b.c">信</a>');
    expect(clean('<a href="https://ok" rel="opener" target="_self">y</a>')).toBe('<a href="https://ok">y</a>');
    expect(clean('<img src="/prod-api/profile/upload/2026/01/01/a.png" alt="图">')).toBe(
      '<img src="/prod-api/profile/upload/2026/01/01/a.png" alt="图" />',
    );
    expect(clean('<img src="/profile/upload/a.png"><img src="https://cdn.example.com/b.jpg" width="120">')).toBe(
      '<img src="/profile/upload/a.png" /><img src="https://cdn.example.com/b.jpg" width="120" />',
    );
  });

  it('drops script, style and iframe elements with their content', () => {
    expect(clean('<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://x"></iframe><p>b</p>')).toBe(
      '<p>a</p><p>b</p>',
    );
    expect(clean('<SCRIPT type="text/javascript">alert(1)</SCRIPT >x')).toBe('x');
    expect(clean('<p>a<script>never closed')).toBe('<p>a</p>');
  });

  it('removes event handler attributes and other unknown attributes', () => {
    expect(clean('<p onclick="alert(1)" class="x" id="y">a</p>')).toBe('<p>a</p>');
    expect(clean('<img src="https://x/a.png" onerror="alert(1)">')).toBe('<img src="https://x/a.png" />');
    expect(clean('<span style="color:red" onmouseover=alert(1)>a</span>')).toBe('<span style="color: red">a</span>');
  });

  it('removes javascript: and other unsafe URLs, however they are disguised', () => {
    expect(clean('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="javascript&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(clean('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(clean('<img src="javascript:alert(1)">')).toBe('');
    expect(clean('<img src="//evil.example/a.png">')).toBe('');
    expect(clean('<img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('keeps only the allowed style properties with plain values', () => {
    expect(clean('<p style="position:fixed;color:blue;background:url(javascript:x);text-align:right">a</p>')).toBe(
      '<p style="color: blue; text-align: right">a</p>',
    );
    expect(clean('<p style="color: expression(alert(1))">a</p>')).toBe('<p>a</p>');
  });

  it('unwraps unknown elements, drops comments and escapes stray angle brackets', () => {
    expect(clean('<font color="red"><h5>小标题</h5></font><!-- <script>alert(1)</script> -->')).toBe('小标题');
    expect(clean('1 < 2 > 0 <3')).toBe('1 &lt; 2 &gt; 0 &lt;3');
    expect(clean('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
  });

  it('balances tags and ignores stray closing tags', () => {
    expect(clean('</div><p><strong>a</p>b</em>')).toBe('<p><strong>a</strong></p>b');
  });

  it('cannot be tricked by quotes inside attribute values', () => {
    expect(clean('<a title="x>" href="https://ok">y</a>')).toBe('<a title="x&gt;" href="https://ok">y</a>');
    expect(clean('<p title=\'a" onclick="alert(1)\'>t</p>')).toBe('<p>t</p>');
  });
});
