import { z } from 'zod';
import { CRM_TEXT_MAX, CUSTOMER_STAGES } from '@acs/shared';
import { exportQuery, listQuery } from '../../../core/list';
import { boundedList, filterText, maxOf, optionalText, tooLongMessage, type Limit } from '../../../core/rules';
import { crmCustomer } from '../../../db/schema';
import { contactBody } from '../../ai/chat/schema';

/** Customers one bulk action (tags, owner) takes at most: a few pages of the list. */
export const BULK_MAX = 500;

const trimmedText = (label: string, limit: Limit) => z.string({ error: `${label}必须是文本` }).trim().max(maxOf(limit), tooLongMessage(label, maxOf(limit)));

/**
 * The /chat contact card's own rules (a normalised mainland mobile; a WeChat id or a mobile), so a
 * number staff type is held to what customers are; '' or null clears the field, absent keeps it.
 */
const clearable = <T extends z.ZodType>(rule: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), rule.nullable());
export const phoneRule = clearable(contactBody.shape.phone);
export const wechatRule = clearable(contactBody.shape.wechat);

export const stageRule = z.enum(CUSTOMER_STAGES, { error: '客户阶段只能是访客、线索或客户' });

/** Trimmed, blanks dropped, duplicates removed. */
export const tagList = boundedList(trimmedText('标签', CRM_TEXT_MAX.tag), '标签', CRM_TEXT_MAX.tags).transform((tags) => [...new Set(tags.filter(Boolean))]);

const ownerId = z.number({ error: '负责人编号必须是数字' }).int('负责人编号必须是整数').positive('负责人编号必须是正整数');

export const customerFields = {
  name: trimmedText('客户名称', crmCustomer.name).optional(),
  phone: phoneRule,
  wechat: wechatRule,
  tags: tagList.optional(),
  ownerId: ownerId.nullish(),
  stage: stageRule.optional(),
  remark: optionalText(CRM_TEXT_MAX.remark, tooLongMessage('备注', CRM_TEXT_MAX.remark)),
};

export const customerBody = z.object(customerFields);
export const customerEditBody = customerBody.extend({
  customerId: z.number({ error: '客户编号不能为空' }).int('客户编号必须是整数').positive('客户编号必须是正整数'),
});
export type CustomerBody = z.infer<typeof customerBody>;

const filters = {
  /** Part of the name, any case. */
  name: filterText('客户名称', crmCustomer.name),
  /** A whole mobile number (any spelling) matches exactly; other text matches part of the number or of the masked one. */
  phone: filterText('手机号', crmCustomer.phone),
  wechat: filterText('微信号', crmCustomer.wechat),
  source: filterText('来源', crmCustomer.source),
  stage: stageRule.or(z.literal('')).optional(),
  /** Customers having this tag. */
  tag: filterText('标签', CRM_TEXT_MAX.tag),
  ownerId: z.coerce.number<string>().int().positive().optional().or(z.literal('')),
};
export const customerListQuery = listQuery.extend(filters);
export const customerExportQuery = exportQuery.extend(filters);
export type CustomerFilters = z.infer<typeof customerExportQuery>;

/** The fields a merge takes from one side or the other; tags are always the union of both. */
export const MERGE_FIELDS = ['name', 'phone', 'wechat', 'ownerId', 'remark', 'stage'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
const side = z.enum(['target', 'source'], { error: '合并字段只能取目标客户或源客户的值' });

export const mergeBody = z
  .object({
    targetId: z.number({ error: '目标客户不能为空' }).int('客户编号必须是整数').positive('客户编号必须是正整数'),
    sourceId: z.number({ error: '被合并客户不能为空' }).int('客户编号必须是整数').positive('客户编号必须是正整数'),
    /** Per field, whose value the merged customer keeps; the target's when not said. */
    pick: z.object({ name: side, phone: side, wechat: side, ownerId: side, remark: side, stage: side }).partial().optional(),
  })
  .refine((b) => b.targetId !== b.sourceId, { message: '不能将客户与自身合并', path: ['sourceId'] });
export type MergeBody = z.infer<typeof mergeBody>;

const customerIds = z
  .array(z.number({ error: '客户编号必须是数字' }).int('客户编号必须是整数').positive('客户编号必须是正整数'), { error: '请选择客户' })
  .min(1, '请选择客户')
  .max(BULK_MAX, `一次最多选择${BULK_MAX}个客户`)
  .transform((ids) => [...new Set(ids)]);

export const bulkTagsBody = z.object({
  customerIds,
  tags: tagList.refine((tags) => tags.length > 0, '请填写标签'),
  mode: z.enum(['add', 'remove'], { error: '标签操作只能是添加或移除' }),
});
export type BulkTagsBody = z.infer<typeof bulkTagsBody>;

export const bulkOwnerBody = z.object({ customerIds, ownerId: ownerId.nullable() });
export type BulkOwnerBody = z.infer<typeof bulkOwnerBody>;
