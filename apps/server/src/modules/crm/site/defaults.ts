import { PRODUCT_TITLE } from '@acs/shared';
import type { HomeContent } from './schema';

/**
 * /home before an admin saves anything: a neutral page for the product itself, with no pictures (the
 * slider shows only when slides are added) and links to the page's own sections.
 */
export const DEFAULT_HOME: HomeContent = {
  brand: { name: PRODUCT_TITLE, logo: '' },
  nav: [
    { label: '产品介绍', href: '#features' },
    { label: '申请试用', href: '#apply' },
    { label: '联系我们', href: '#contact' },
  ],
  slides: [],
  hero: {
    title: '让每一位咨询的客户都被及时接待',
    subtitle: 'AI客服7×24小时应答网页、抖音、BOSS直聘的咨询，自动收集联系方式，按规则分配给销售，跟进与数据一目了然。',
    features: [
      { title: '全天候自动应答', text: '知识库问答与回复规则，夜间和节假日也不漏接咨询。' },
      { title: '自动留资', text: '对话中识别手机号和微信号，客户信息自动建档。' },
      { title: '智能分配', text: '轮流、按权重或按负载分配线索，超时未跟进自动回收。' },
      { title: '数据看板', text: '会话量、留资率、转人工和首次响应时间，每天自动汇总。' },
    ],
  },
  footer: {
    blocks: [
      { title: '联系我们', text: '填写申请表后，我们的顾问会在一个工作日内与您联系。' },
      { title: '服务时间', text: '周一至周五 9:00–18:00' },
    ],
    copyright: `© ${PRODUCT_TITLE}`,
  },
  form: {
    title: '申请试用',
    subtitle: '留下您的联系方式和需求，顾问将尽快与您联系。',
    submitText: '提交申请',
    consentText: '我已阅读并同意',
    privacyTitle: '《隐私说明》',
    privacyText: '您提交的姓名、手机号、公司和需求仅用于联系您、介绍产品和提供试用服务，不会提供给第三方。您可以随时联系我们删除这些信息。',
    successTitle: '提交成功',
    successText: '感谢您的申请，顾问将尽快与您联系。',
  },
};
