import { z } from 'zod';
import { DOUYIN_AUTH_STATUSES, REPLY_POLICIES } from '@acs/shared';
import { idParam, listQuery } from '../../../core/list';
import { boundedText, filterText, optionalText, requiredBoundedText, statusFlag } from '../../../core/rules';
import { channelDouyinAccount, channelDouyinApp } from '../../../db/schema';
import { DOUYIN_BASE_URL } from '../../../infra/douyin/constants';

const URL_MESSAGE = '接口地址必须是以 http:// 或 https:// 开头的网址';

const apiBaseUrl = boundedText('接口地址', channelDouyinApp.apiBaseUrl)
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: URL_MESSAGE }));

/** The platform's client keys are short ASCII ids (aw…); anything else is a typing accident. */
const clientKey = requiredBoundedText('Client Key', channelDouyinApp.clientKey).refine((v) => /^[\w.-]+$/.test(v.trim()), 'Client Key 只能包含字母、数字、点、下划线和横线');

/** A client secret is 32 hex characters; 200 leaves room without letting a sealed one outgrow its column. */
const SECRET_MAX = 200;
const secretText = z.string({ error: 'Client Secret 必须是文本' }).trim().max(SECRET_MAX, `Client Secret 长度不能超过${SECRET_MAX}个字符`);

const appFields = {
  name: requiredBoundedText('应用名称', channelDouyinApp.name),
  clientKey,
  status: statusFlag.optional(),
  remark: optionalText(500, '备注长度不能超过500个字符'),
};

export const appAddBody = z.object({
  ...appFields,
  clientSecret: secretText.min(1, 'Client Secret 不能为空'),
  apiBaseUrl: apiBaseUrl.default(DOUYIN_BASE_URL),
});
export type AppAddBody = z.infer<typeof appAddBody>;

/** Empty or missing clientSecret: keep the sealed one (the console never has it to send back). */
export const appEditBody = z.object({
  ...appFields,
  appId: z.number({ error: '应用编号不能为空' }).int().positive(),
  clientSecret: secretText.nullish(),
  apiBaseUrl,
});
export type AppEditBody = z.infer<typeof appEditBody>;

export const appListQuery = listQuery.extend({
  name: filterText('应用名称', channelDouyinApp.name),
  status: filterText('状态', channelDouyinApp.status),
});
export type AppFilters = z.infer<typeof appListQuery>;

export const accountListQuery = listQuery.extend({
  appId: idParam.optional(),
  nickname: filterText('昵称', channelDouyinAccount.nickname),
  authStatus: z.enum(DOUYIN_AUTH_STATUSES, { error: '授权状态不正确' }).optional(),
});
export type AccountFilters = z.infer<typeof accountListQuery>;

const replyPolicy = z.enum(REPLY_POLICIES, { error: '回复方式不正确' });
const optionalId = (label: string) => z.number({ error: `${label}必须是数字` }).int().positive(`${label}必须是正整数`).nullable();

/** Who serves an account: the AI agent, the staff member handoffs go to first, and the reply policy. */
export const assignmentFields = {
  accountId: z.number({ error: '账号编号不能为空' }).int().positive(),
  agentId: optionalId('AI客服编号'),
  staffUserId: optionalId('员工编号'),
  replyPolicy,
};

export const accountEditBody = z.object({
  ...assignmentFields,
  status: statusFlag,
  remark: optionalText(500, '备注长度不能超过500个字符'),
});
export type AccountEditBody = z.infer<typeof accountEditBody>;

export const bindLinkBody = z.object({
  appId: z.number({ error: '请选择抖音应用' }).int().positive(),
  agentId: z.number().int().positive().nullish(),
});

export const switchLinkBody = z.object({ appId: z.number({ error: '请选择抖音应用' }).int().positive() });
