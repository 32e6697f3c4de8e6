import type { FakeAccount } from './state';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface AuthorizePageInput {
  appName: string;
  scopes: string[];
  /** The query the page was opened with, carried to the confirm link. */
  query: URLSearchParams;
  accounts: FakeAccount[];
}

/**
 * What the real page shows on a PC: a QR code to scan in the Douyin app. Here the QR is a placeholder and
 * each account has a link that plays "scanned and agreed" (the real platform then redirects the browser to
 * redirect_uri with code and state), plus one that plays a refusal.
 */
export function authorizePage({ appName, scopes, query, accounts }: AuthorizePageInput): string {
  const link = (params: Record<string, string>) => {
    const q = new URLSearchParams(query);
    for (const [k, v] of Object.entries(params)) q.set(k, v);
    return `/platform/oauth/connect/confirm?${escape(q.toString())}`;
  };
  const items = accounts
    .map(
      (a) =>
        `<li><a class="scan" data-open-id="${escape(a.openId)}" href="${link({ open_id: a.openId })}">模拟扫码并同意授权：${escape(a.nickname)}</a></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>抖音授权（本地模拟）</title>
<style>body{font-family:sans-serif;max-width:520px;margin:40px auto;text-align:center}
.qr{width:200px;height:200px;margin:16px auto;border:8px solid #161823;display:flex;align-items:center;justify-content:center;background:repeating-linear-gradient(45deg,#eee 0 10px,#fff 10px 20px)}
ul{list-style:none;padding:0}li{margin:8px 0}</style></head>
<body>
<h1>抖音扫码授权</h1>
<p>应用「${escape(appName)}」申请以下权限：${escape(scopes.join('、'))}</p>
<div class="qr" role="img" aria-label="授权二维码">二维码（本地模拟）</div>
<p>请使用抖音 App 扫码。本地模拟平台中，点击下方链接代替扫码：</p>
<ul>${items}</ul>
<p><a class="deny" href="${link({ deny: '1' })}">拒绝授权</a></p>
</body></html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>抖音授权（本地模拟）</title></head><body><h1>授权失败</h1><p>${escape(message)}</p></body></html>`;
}
