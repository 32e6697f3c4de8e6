import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { userWithoutRoles } from '../../helpers/crud';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call } from '../../common/support';
import { DEFAULT_HOME } from '../../../src/modules/crm/site/defaults';
import { API, APPLY_MENUS, applyUser, FORBIDDEN, requester, type Requester } from './support';

/** The /home content (GET/PUT /crm/site/home): public read, admin save, links and images checked. */
let t: TestApp;
let admin: LoggedIn;
let req: Requester;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  req = requester(t, admin);
});

const readAnonymously = (ip = '10.50.0.1') => call<{ data: typeof DEFAULT_HOME }>(t.app, { method: 'GET', url: `${API}/crm/site/home`, remoteAddress: ip });
const save = (content: object, who = admin) => req('PUT', '/crm/site/home', content, who);

const page = (patch: Partial<typeof DEFAULT_HOME> = {}) => ({ ...DEFAULT_HOME, ...patch });
const slide = (values: Record<string, string> = {}) => ({ image: '/profile/upload/2026/03/02/banner_20260302100000A001.png', mobileImage: '', title: '', text: '', href: '', ...values });

describe('GET /crm/site/home', () => {
  it('answers anyone, signed in or not, with the product defaults before anything is saved', async () => {
    const res = await readAnonymously();
    expect(res.code).toBe(200);
    expect(res.data.brand.name).toBe('AI客服系统');
    expect(res.data.form.submitText).toBe('提交申请');
    expect(res.data.nav.every((n) => n.href.startsWith('#'))).toBe(true);
  });
});

describe('PUT /crm/site/home', () => {
  it('saves the page, which everyone then reads, trimmed and with omitted optional fields filled', async () => {
    const content = page({
      nav: [{ label: ' 在线咨询 ', href: '/chat?agent=1' }, { label: '官网', href: 'https://example.com/a?b=1' }],
      slides: [slide({ mobileImage: 'https://cdn.example.com/m.jpg', href: '#apply', title: '春季活动' })],
    });
    expect(await save(content)).toEqual({ code: 200, msg: '操作成功' });
    const { data } = await readAnonymously();
    expect(data.nav[0]).toEqual({ label: '在线咨询', href: '/chat?agent=1' });
    expect(data.slides).toEqual([slide({ mobileImage: 'https://cdn.example.com/m.jpg', href: '#apply', title: '春季活动' })]);

    expect(await save({ ...content, slides: [{ image: 'https://cdn.example.com/a.jpg' }] })).toMatchObject({ code: 200 });
    expect((await readAnonymously()).data.slides[0]).toEqual(slide({ image: 'https://cdn.example.com/a.jpg' }));
  });

  it.each([
    ['a javascript: navigation link', page({ nav: [{ label: '点我', href: 'javascript:alert(1)' }] }), '导航链接只能是http(s)地址或以/开头的站内路径'],
    ['a JavaScript: slide link in capitals', page({ slides: [slide({ href: 'JavaScript:alert(1)' })] }), '轮播链接只能是http(s)地址或以/开头的站内路径'],
    ['a protocol-relative link', page({ nav: [{ label: '外链', href: '//evil.example' }] }), '导航链接只能是http(s)地址或以/开头的站内路径'],
    ['a backslash link', page({ nav: [{ label: '外链', href: '/\\evil.example' }] }), '导航链接只能是http(s)地址或以/开头的站内路径'],
    ['a data: image', page({ slides: [slide({ image: 'data:image/png;base64,AAAA' })] }), '轮播图片只能是http(s)地址或上传的图片'],
    ['an image outside the uploads', page({ slides: [slide({ image: '/etc/passwd' })] }), '轮播图片只能是http(s)地址或上传的图片'],
    ['an upload path climbing out', page({ slides: [slide({ image: '/profile/../../x.png' })] }), '轮播图片只能是http(s)地址或上传的图片'],
    ['a quote in an image URL', page({ slides: [slide({ mobileImage: 'https://a.example/x.png" onerror="x' })] }), '手机轮播图片只能是http(s)地址或上传的图片'],
    ['a slide without image', page({ slides: [slide({ image: '' })] }), '轮播图片不能为空'],
    ['11 slides', page({ slides: Array.from({ length: 11 }, () => slide()) }), '轮播图不能超过10个'],
    ['9 navigation items', page({ nav: Array.from({ length: 9 }, (_, i) => ({ label: `项${i}`, href: '#a' })) }), '导航不能超过8个'],
    ['an empty title', page({ hero: { ...DEFAULT_HOME.hero, title: ' ' } }), '标题不能为空'],
    ['a long footer text', page({ footer: { blocks: [{ title: '关于', text: 'x'.repeat(501) }], copyright: '' } }), '页脚内容长度不能超过500个字符'],
  ])('refuses %s and keeps the saved page', async (_case, content, msg) => {
    const before = (await readAnonymously()).data;
    expect(await save(content)).toEqual({ code: 500, msg });
    expect((await readAnonymously()).data).toEqual(before);
  });

  it('is refused without crm:apply:site, even to a user who may handle applications', async () => {
    const nobody = await userWithoutRoles(t, 'site_nobody');
    const handler = await applyUser(t, 'site_handler', [APPLY_MENUS.query, APPLY_MENUS.edit]);
    expect(await save(page(), nobody)).toEqual(FORBIDDEN);
    expect(await save(page(), handler)).toEqual(FORBIDDEN);
    const editor = await applyUser(t, 'site_editor', [APPLY_MENUS.site]);
    expect(await save(page({ brand: { name: '星河智能客服', logo: '' } }), editor)).toMatchObject({ code: 200 });
    expect((await readAnonymously()).data.brand.name).toBe('星河智能客服');
  });

  it('rate limits anonymous reads per address', async () => {
    const ip = '10.50.9.9';
    for (let i = 0; i < 120; i++) expect((await readAnonymously(ip)).code).toBe(200);
    expect(await readAnonymously(ip)).toEqual({ code: 500, msg: '操作过于频繁，请稍后再试' });
  });
});
