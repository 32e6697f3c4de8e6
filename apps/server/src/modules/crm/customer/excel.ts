import { CHANNEL_LABELS, CUSTOMER_STAGE_LABELS, LEAD_SOURCE_LABELS } from '@acs/shared';
import type { ExcelColumn } from '../../../core/list';
import type { CustomerRow } from './rows';

export const SHEET = '客户数据';

/** A customer's source is a channel (web, douyin, boss) or how staff added it (apply, import, manual). */
const SOURCE_LABELS: Record<string, string> = { ...CHANNEL_LABELS, ...LEAD_SOURCE_LABELS };

/** Import template columns; the import reads rows back by these titles. */
export const Col = {
  NAME: '客户名称',
  PHONE: '手机号码',
  WECHAT: '微信号',
  TAGS: '标签',
  STAGE: '客户阶段',
  OWNER: '负责人账号',
  REMARK: '备注',
} as const;

/** How tags share one cell; the import splits on any of these. */
export const TAG_SEPARATOR = ',';
export const TAG_SPLIT = /[,，、;；\r\n]+/;

export const exportColumns: ExcelColumn<CustomerRow>[] = [
  { header: '客户编号', value: (r) => r.customerId },
  { header: Col.NAME, value: (r) => r.name },
  { header: Col.PHONE, value: (r) => r.phone || r.phoneMasked },
  { header: Col.WECHAT, value: (r) => r.wechat, width: 20 },
  { header: '来源', value: (r) => r.source, dict: SOURCE_LABELS },
  { header: Col.STAGE, value: (r) => r.stage, dict: CUSTOMER_STAGE_LABELS },
  { header: Col.TAGS, value: (r) => r.tags.join(TAG_SEPARATOR), width: 24 },
  { header: '负责人', value: (r) => r.ownerName },
  { header: '会话数', value: (r) => r.conversationCount },
  { header: '留资数', value: (r) => r.leadCount },
  { header: '首次访问时间', value: (r) => r.firstSeenTime, width: 20 },
  { header: '最近活跃时间', value: (r) => r.lastSeenTime, width: 20 },
  { header: '创建时间', value: (r) => r.createTime, width: 20 },
  { header: Col.REMARK, value: (r) => r.remark, width: 30 },
];

export const templateColumns: ExcelColumn<never>[] = Object.values(Col).map((header) => ({ header, value: () => null }));
