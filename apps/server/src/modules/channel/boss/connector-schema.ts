import { z } from 'zod';
import { BOSS_EXCHANGE_STATUSES, BOSS_SESSION_HEALTHS } from '@acs/shared';
import { boundedText } from '../../../core/rules';
import { channelBossAccount, channelBossCandidate, channelBossJob, crmLead } from '../../../db/schema';

/** Messages one push may carry: each is a turn of the agent, answered before the response. */
export const MESSAGES_PER_PUSH = 20;
/** A candidate message's length (BOSS直聘's own chat box allows far less). */
export const MESSAGE_TEXT_MAX = 2000;
/** Acknowledgements one call may carry (a poll hands out at most REPLIES_PER_POLL). */
export const ACKS_PER_CALL = 100;
/** The longest a poll may wait for replies. */
export const MAX_WAIT_SECONDS = 25;

/** Ids the client reports: the conversation's visitor id holds 64 characters, the client message id too. */
const clientId = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(64, `${label}长度不能超过64个字符`);

const optionalText = (label: string, column: Parameters<typeof boundedText>[1]) => boundedText(label, column).trim().optional();

export const healthBody = z.object({
  health: z.enum(BOSS_SESSION_HEALTHS, { error: '会话状态不正确' }),
  detail: optionalText('状态说明', channelBossAccount.healthDetail),
});

export const messagesBody = z.object({
  messages: z
    .array(
      z.object({
        msgId: clientId('消息编号'),
        candidateId: clientId('候选人编号'),
        candidateName: optionalText('候选人姓名', channelBossCandidate.name),
        jobId: optionalText('职位编号', channelBossJob.externalId),
        text: z
          .string({ error: '消息内容不能为空' })
          .trim()
          .min(1, '消息内容不能为空')
          .max(MESSAGE_TEXT_MAX, `消息内容长度不能超过${MESSAGE_TEXT_MAX}个字符`),
        /** When the candidate sent it, as the client saw it (informational: the server orders by arrival). */
        sentAt: z.string().max(40, '发送时间格式不正确').optional(),
      }),
      { error: '消息列表格式不正确' },
    )
    .min(1, '消息列表不能为空')
    .max(MESSAGES_PER_PUSH, `一次最多推送${MESSAGES_PER_PUSH}条消息`),
});
export type PushedMessage = z.infer<typeof messagesBody>['messages'][number];

export const profileBody = z.object({
  candidateId: clientId('候选人编号'),
  name: optionalText('候选人姓名', channelBossCandidate.name),
  jobId: optionalText('职位编号', channelBossJob.externalId),
  experience: optionalText('工作经验', channelBossCandidate.experience),
  education: optionalText('学历', channelBossCandidate.education),
  expectedSalary: optionalText('期望薪资', channelBossCandidate.expectedSalary),
  city: optionalText('城市', channelBossCandidate.city),
  phone: optionalText('手机号', crmLead.phone),
  wechat: optionalText('微信号', crmLead.wechat),
  resumeReceived: z.boolean({ error: '是否已收简历必须是布尔值' }).optional(),
  exchangeStatus: z.enum(BOSS_EXCHANGE_STATUSES, { error: '交换状态不正确' }).optional(),
});
export type ProfileBody = z.infer<typeof profileBody>;

export const repliesQuery = z.object({
  wait: z.coerce
    .number<string>({ error: '等待时间必须是数字' })
    .int('等待时间必须是整数')
    .min(0, `等待时间必须在0到${MAX_WAIT_SECONDS}秒之间`)
    .optional()
    // Longer than a proxy's idle timeout would cut the poll; more is quietly capped, not refused.
    .transform((v) => Math.min(v ?? 0, MAX_WAIT_SECONDS)),
});

export const ackBody = z.object({
  results: z
    .array(
      z.object({
        replyId: z.number({ error: '回复编号必须是数字' }).int('回复编号必须是整数').positive('回复编号必须是正整数'),
        ok: z.boolean({ error: '发送结果必须是布尔值' }),
        error: z.string().trim().max(500, '失败原因长度不能超过500个字符').optional(),
      }),
      { error: '确认列表格式不正确' },
    )
    .min(1, '确认列表不能为空')
    .max(ACKS_PER_CALL, `一次最多确认${ACKS_PER_CALL}条`),
});
export type AckBody = z.infer<typeof ackBody>;
