import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { call, multipart, PNG } from './support';

const API = '/prod-api';
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({ startAt: Date.UTC(2026, 3, 18, 4, 30, 45) });
  admin = await loginAs(t.app, 'admin', 'admin123');
});

async function upload(url: string, field: string, filename: string, data: Buffer, who: LoggedIn | null = admin) {
  const form = await multipart([{ field, filename, data }]);
  return call<Record<string, string>>(t.app, {
    method: 'POST',
    url: `${API}${url}`,
    headers: { ...(who ? who.headers : {}), ...form.headers },
    payload: form.payload,
  });
}

describe('POST /common/upload', () => {
  it('stores the file and answers with url, fileName, newFileName and originalFilename', async () => {
    const body = await upload('/common/upload', 'file', 'report 1.pdf', Buffer.from('%PDF-1.4 test'));
    expect(body.code).toBe(200);
    expect(body.fileName).toMatch(/^\/profile\/upload\/2026\/04\/18\/report_1_20260418123045A\d{3}\.pdf$/);
    expect(body.newFileName).toBe(body.fileName.split('/').pop());
    expect(body.originalFilename).toBe('report 1.pdf');
    expect(body.url).toBe(`http://localhost:80${API}${body.fileName}`);
    expect(existsSync(path.join(t.deps.config.uploadDir, body.fileName.slice('/profile/'.length)))).toBe(true);
  });

  it('refuses extensions outside the allow-list and images whose bytes are not images', async () => {
    const exe = await upload('/common/upload', 'file', 'run.exe', Buffer.from('MZ'));
    expect(exe).toEqual({
      code: 500,
      msg: '文件[run.exe]后缀[exe]不正确，请上传[bmp, gif, jpg, jpeg, png, doc, docx, xls, xlsx, ppt, pptx, txt, rar, zip, gz, bz2, mp4, avi, rmvb, pdf]格式',
    });
    const html = await upload('/common/upload', 'file', 'page.html', Buffer.from('<html></html>'));
    expect(html.code).toBe(500);
    const fakeGif = await upload('/common/upload', 'file', 'x.gif', Buffer.from('<svg onload=alert(1)>'));
    expect(fakeGif.code).toBe(500);
    expect(fakeGif.msg).toContain('后缀[gif]不正确');
  });

  it('refuses files over 10 MB with the size message', async () => {
    const body = await upload('/common/upload', 'file', 'big.zip', Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(body).toEqual({ code: 500, msg: '上传的文件大小超出限制的文件大小！<br/>允许的文件最大大小是：10MB！' });
  });

  it('needs a login and a file', async () => {
    expect((await upload('/common/upload', 'file', 'a.txt', Buffer.from('a'), null)).code).toBe(401);
    expect((await upload('/common/upload', 'other', 'a.txt', Buffer.from('a'))).code).toBe(500);
  });
});

describe('POST /common/uploads', () => {
  it('joins the results of several files with commas', async () => {
    const form = await multipart([
      { field: 'files', filename: 'a.txt', data: Buffer.from('a') },
      { field: 'files', filename: 'b.txt', data: Buffer.from('b') },
    ]);
    const body = await call<Record<string, string>>(t.app, {
      method: 'POST',
      url: `${API}/common/uploads`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(body.code).toBe(200);
    expect(body.originalFilenames).toBe('a.txt,b.txt');
    expect(body.fileNames.split(',')).toHaveLength(2);
    expect(body.urls.split(',')).toHaveLength(2);
  });
});

describe('/fileUploadController', () => {
  it('upload answers with data = the path without the API prefix', async () => {
    const body = await upload('/fileUploadController/upload', 'avatarfile', 'list.xlsx', Buffer.from('PK\x03\x04'));
    expect(body.code).toBe(200);
    expect(body.data).toMatch(/^\/profile\/upload\/2026\/04\/18\/list_\d{14}A\d{3}\.xlsx$/);
    expect(body.fileName).toBe(body.data);
  });

  it('avatar takes images only and stores them under avatar/', async () => {
    const ok = await upload('/fileUploadController/avatar', 'avatarfile', 'p.png', PNG);
    expect(ok.data).toMatch(/^\/profile\/avatar\/2026\/04\/18\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: `${API}${ok.data}` });
    expect(served.headers['content-type']).toBe('image/png');
    expect((await upload('/fileUploadController/avatar', 'avatarfile', 'p.pdf', Buffer.from('%PDF'))).code).toBe(500);
  });
});

describe('GET /profile/**', () => {
  it('serves nothing outside the upload directory or outside the allow-list', async () => {
    writeFileSync(path.join(t.deps.config.dataDir, 'secret.txt'), 'TOP-SECRET-CONTENT');
    for (const url of ['/profile/../secret.txt', '/profile/..%2fsecret.txt', '/profile/%2e%2e/secret.txt', '/profile/upload/none.png']) {
      const res = await t.app.inject({ method: 'GET', url: `${API}${url}` });
      expect(res.body).not.toContain('TOP-SECRET-CONTENT');
      expect(res.json().code).not.toBe(200);
    }
  });
});

describe('GET /common/download', () => {
  const downloadDir = () => path.join(t.deps.config.dataDir, 'download');
  const put = (name: string, content: string) => {
    mkdirSync(downloadDir(), { recursive: true });
    writeFileSync(path.join(downloadDir(), name), content);
  };

  it('streams the file with the attachment headers and the timestamped name', async () => {
    put('0f1e_用户数据.xlsx', 'xlsx-bytes');
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/common/download`,
      query: { fileName: '0f1e_用户数据.xlsx', delete: 'false' },
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('xlsx-bytes');
    const name = encodeURIComponent(`${t.deps.now()}用户数据.xlsx`);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['download-filename']).toBe(name);
    expect(res.headers['content-disposition']).toBe(`attachment; filename=${name};filename*=utf-8''${name}`);
    expect(res.headers['access-control-expose-headers']).toBe('Content-Disposition,download-filename');
    expect(existsSync(path.join(downloadDir(), '0f1e_用户数据.xlsx'))).toBe(true);
  });

  it('deletes the file after sending it when delete=true', async () => {
    put('abc_temp.txt', 'once');
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/common/download?fileName=abc_temp.txt&delete=true`,
      headers: admin.headers,
    });
    expect(res.body).toBe('once');
    expect(existsSync(path.join(downloadDir(), 'abc_temp.txt'))).toBe(false);
  });

  it('rejects traversal, absolute paths and disallowed extensions with a JSON error', async () => {
    put('ok.txt', 'fine');
    for (const fileName of ['../secret.txt', '..%2fsecret.txt', '/etc/hosts.txt', '/etc/passwd', 'ok.sh', 'sub/..\\..\\x.txt']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/common/download?fileName=${encodeURIComponent(decodeURIComponent(fileName))}`,
        headers: admin.headers,
      });
      expect(res.headers['content-type']).toContain('application/json');
      const body = res.json<{ code: number; msg: string }>();
      expect(body.code).toBe(500);
      expect(body.msg).toMatch(/^文件名称\(.*\)非法，不允许下载。 $/);
    }
  });

  it('needs a login', async () => {
    expect((await call(t.app, { method: 'GET', url: `${API}/common/download?fileName=ok.txt` })).code).toBe(401);
  });
});

describe('GET /common/download/resource', () => {
  it('sends a stored upload by its /profile path, named by its last segment', async () => {
    const up = await upload('/common/upload', 'file', 'notes.txt', Buffer.from('resource-body'));
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/common/download/resource`,
      query: { resource: up.fileName },
      headers: admin.headers,
    });
    expect(res.body).toBe('resource-body');
    expect(res.headers['download-filename']).toBe(encodeURIComponent(up.newFileName));
  });

  it('rejects anything outside /profile or with traversal', async () => {
    writeFileSync(path.join(t.deps.config.dataDir, 'secret.txt'), 'TOP-SECRET-CONTENT');
    for (const resource of ['/profile/../secret.txt', '/profile/upload/../../secret.txt', '/etc/hosts.txt', 'secret.txt', '/profile/x.exe']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${API}/common/download/resource`,
        query: { resource },
        headers: admin.headers,
      });
      expect(res.json()).toEqual({ code: 500, msg: `文件名称(${resource})非法，不允许下载。 ` });
    }
  });
});
