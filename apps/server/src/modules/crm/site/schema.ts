import { z } from 'zod';
import { boundedList, boundedText, requiredBoundedText } from '../../../core/rules';
import { PROFILE_PREFIX } from '../../common/upload';

/** Longest link or image address: the width of the URL columns elsewhere (webhooks, avatars). */
const URL_MAX = 500;

export const HOME_LIMITS = { nav: 8, slides: 10, features: 6, footerBlocks: 6 } as const;

const isHttpUrl = (value: string) => {
  if (!/^https?:\/\//i.test(value) || /[\s"'<>\\]/.test(value)) return false;
  return URL.canParse(value);
};

/**
 * A path on this site (/chat?agent=1) or an anchor of the page (#apply). `//host` and `/\host` are
 * refused: browsers read both as another site.
 */
const isSitePath = (value: string) => /^\/(?![/\\])[^\s"'<>\\]*$/.test(value) || /^#[\w-]*$/.test(value);

/** A file stored by /common/upload, as the console keeps it: /profile/…, served under the API prefix. */
const isUploadPath = (value: string) => value.startsWith(PROFILE_PREFIX) && /^[\w\-./%]+$/.test(value) && !value.includes('..');

/**
 * A link admins put on the public page: http(s) or a path of this site. Anything else (javascript:,
 * data:, vbscript: …) would run in the visitor's page.
 */
const link = (label: string) =>
  boundedText(label, URL_MAX)
    .trim()
    .refine((v) => v === '' || isHttpUrl(v) || isSitePath(v), `${label}只能是http(s)地址或以/开头的站内路径`);

const image = (label: string) =>
  boundedText(label, URL_MAX)
    .trim()
    .refine((v) => v === '' || isHttpUrl(v) || isUploadPath(v), `${label}只能是http(s)地址或上传的图片`);

const required = <T extends z.ZodType<string>>(schema: T, label: string) => schema.refine((v) => v !== '', `${label}不能为空`);

const text = (label: string, max: number) => boundedText(label, max).trim().default('');
const title = (label: string, max: number) => requiredBoundedText(label, max).trim();

const navItem = z.object({ label: title('导航名称', 20), href: required(link('导航链接'), '导航链接') });

const slide = z.object({
  image: required(image('轮播图片'), '轮播图片'),
  /** A tall picture for phones; empty: the desktop picture, cropped. */
  mobileImage: image('手机轮播图片').default(''),
  title: text('轮播标题', 50),
  text: text('轮播说明', 200),
  href: link('轮播链接').default(''),
});

const feature = z.object({ title: title('特点标题', 30), text: text('特点说明', 200) });

const footerBlock = z.object({ title: text('页脚标题', 30), text: text('页脚内容', 500) });

/** What admins edit of /home (crm_site_content 'home'); every text bounded, every link checked. */
export const homeContent = z.object({
  brand: z.object({ name: title('站点名称', 30), logo: image('站点图标').default('') }),
  nav: boundedList(navItem, '导航', HOME_LIMITS.nav).default([]),
  slides: boundedList(slide, '轮播图', HOME_LIMITS.slides).default([]),
  hero: z.object({
    title: title('标题', 50),
    subtitle: text('副标题', 200),
    features: boundedList(feature, '特点', HOME_LIMITS.features).default([]),
  }),
  footer: z.object({
    blocks: boundedList(footerBlock, '页脚区块', HOME_LIMITS.footerBlocks).default([]),
    copyright: text('版权信息', 100),
  }),
  form: z.object({
    title: title('表单标题', 30),
    subtitle: text('表单说明', 200),
    submitText: title('提交按钮文字', 10),
    consentText: text('同意文字', 50),
    privacyTitle: title('隐私说明标题', 20),
    privacyText: text('隐私说明', 2000),
    successTitle: title('提交成功标题', 30),
    successText: text('提交成功说明', 200),
  }),
});
export type HomeContent = z.infer<typeof homeContent>;
