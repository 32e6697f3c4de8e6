import type { Rule } from 'antd/es/form';

/** The server's link rule (modules/crm/site/schema.ts): http(s), a path of the site, or an anchor. */
const LINK = /^(https?:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*|#[\w-]*)$/i;

export const required = (label: string): Rule => ({ required: true, whitespace: true, message: `请输入${label}` });

export const maxLength = (label: string, max: number): Rule => ({ max, message: `${label}长度不能超过${max}个字符` });

export const linkRule = (label: string): Rule => ({
  validator: (_rule, value?: string) =>
    !value || LINK.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(`${label}只能是http(s)地址或以/开头的站内路径`)),
});
