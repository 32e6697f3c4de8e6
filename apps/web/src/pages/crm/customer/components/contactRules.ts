import type { FormRule as Rule } from 'antd';
import { CRM_TEXT_MAX } from '@acs/shared';
import { validateContact } from '../../../chat/contact';

/** The WeChat id check of the public chat's contact card (the server's rule), as a form rule. */
export const wechatRule: Rule = {
  validator: async (_rule, value: string | undefined) => {
    const error = validateContact({ name: '', phone: '', wechat: value ?? '', consent: true }).wechat;
    if (error) throw new Error(error);
  },
};

/** Tags: at most CRM_TEXT_MAX.tags of them, each at most CRM_TEXT_MAX.tag characters. */
export const tagsRule: Rule = {
  validator: async (_rule, tags: string[] | undefined) => {
    const list = tags ?? [];
    if (list.length > CRM_TEXT_MAX.tags) throw new Error(`标签不能超过${CRM_TEXT_MAX.tags}个`);
    const long = list.find((t) => t.length > CRM_TEXT_MAX.tag);
    if (long) throw new Error(`标签"${long}"不能超过${CRM_TEXT_MAX.tag}个字符`);
  },
};

/** Blank and repeated tags dropped, the rest trimmed: what a tag Select may hold after typing. */
export const cleanTags = (tags: string[]): string[] => [...new Set(tags.map((t) => t.trim()).filter(Boolean))];

/** A customer is someone: the server refuses one without a name, a phone and a WeChat id. */
export const someContactRule: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, name: string | undefined) => {
    const filled = [name, getFieldValue('phone') as string | undefined, getFieldValue('wechat') as string | undefined].some((v) => v?.trim());
    if (!filled) throw new Error('请至少填写客户名称、手机号或微信号');
  },
});
