import { z } from 'zod';
import { CHAT_MESSAGE_MAX, CONTACT_FIELD_MAX } from '@acs/shared';
import { idParam } from '../../../core/list';
import { boundedText } from '../../../core/rules';
import { aiConversation } from '../../../db/schema';
import { normalizeMobile } from '../../crm/capture';

const conversationId = z.coerce.number<string | number>({ error: '会话编号不能为空' }).int('会话编号必须是整数').positive('会话编号必须是正整数');
const token = z.string({ error: '访客凭证不能为空' }).max(100, '访客凭证无效');

export const sessionBody = z.object({
  agentId: z.coerce.number<string | number>({ error: '客服编号不能为空' }).int('客服编号必须是整数').positive('客服编号必须是正整数'),
  visitorId: boundedText('访客编号', aiConversation.visitorId).optional(),
  visitorToken: token.optional(),
  /** The page's 开始新会话 after the conversation ended: another conversation instead of the open one. */
  newConversation: z.boolean().optional(),
});
export type SessionBody = z.infer<typeof sessionBody>;

export const visitorBody = z.object({ conversationId, visitorToken: token });

export const messageBody = visitorBody.extend({
  clientMsgId: z.string({ error: '消息编号不能为空' }).min(1, '消息编号不能为空').max(64, '消息编号长度不能超过64个字符'),
  content: z
    .string({ error: '消息不能为空' })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, '消息不能为空').max(CHAT_MESSAGE_MAX, `消息长度不能超过${CHAT_MESSAGE_MAX}个字符`)),
});

export const streamQuery = z.object({
  conversationId: idParam,
  visitorToken: token,
  after: z.coerce.number<string>().int().min(0).optional(),
});

/** WeChat ids: 6–20 characters starting with a letter; a mobile number also works as one. */
const WECHAT = /^[A-Za-z][-_A-Za-z0-9]{5,19}$/;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v);

export const contactBody = visitorBody
  .extend({
    name: z.preprocess(blankToUndefined, boundedText('姓名', CONTACT_FIELD_MAX).optional()),
    phone: z.preprocess(
      blankToUndefined,
      boundedText('手机号', CONTACT_FIELD_MAX)
        .transform((v, ctx) => {
          const mobile = normalizeMobile(v);
          if (!mobile) {
            ctx.addIssue({ code: 'custom', message: '请输入正确的手机号码' });
            return z.NEVER;
          }
          return mobile;
        })
        .optional(),
    ),
    wechat: z.preprocess(
      blankToUndefined,
      boundedText('微信号', CONTACT_FIELD_MAX)
        .refine((v) => WECHAT.test(v) || normalizeMobile(v) !== null, '请输入正确的微信号')
        .optional(),
    ),
    consent: z.literal(true, { error: '请先同意授权说明' }),
  })
  .refine((b) => Boolean(b.phone || b.wechat), { message: '请至少填写手机号或微信号' });
export type ContactBody = z.infer<typeof contactBody>;
