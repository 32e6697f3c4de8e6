import type { sysNotice } from '../schema';

type NoticeSeed = Pick<typeof sysNotice.$inferInsert, 'noticeId' | 'noticeTitle' | 'noticeType' | 'noticeContent'>;

const productIntroduction = [
  '<p><strong>AI客服系统</strong>是一套面向客服运营团队的管理后台。</p>',
  '<p>AI客服在网页聊天、抖音私信和BOSS直聘沟通中自动接待客户，识别并记录客户留资（手机号、微信、姓名、意向），',
  '再按分配规则把线索派发给销售人员跟进。</p>',
  '<ul>',
  '<li>AI客服：配置模型、提示词、欢迎语、回复规则与知识问答，支持人工接管</li>',
  '<li>客户与留资：自动去重、按规则分配、首次联系时限提醒</li>',
  '<li>渠道：抖音账号授权与私信接入、BOSS直聘账号与招呼语</li>',
  '<li>数据：按日、客服、渠道统计会话量、留资率与首次响应时间</li>',
  '</ul>',
  '<p>系统同时提供用户、角色、菜单、部门、字典、参数、日志、定时任务等完整的系统管理功能。</p>',
].join('');

/** Id 3 as in earlier installs, where RuoYi's two release notices held 1 and 2. */
export const seedNotices: NoticeSeed[] = [
  { noticeId: 3, noticeTitle: 'AI客服系统介绍', noticeType: '1', noticeContent: productIntroduction },
];
