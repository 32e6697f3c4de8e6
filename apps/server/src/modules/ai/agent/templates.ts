import {
  AGENT_TEMPLATE_LABELS,
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_CLARIFY_THRESHOLD,
  DEFAULT_FALLBACK_REPLY,
  DEFAULT_HANDOFF,
  DEFAULT_KNOWLEDGE_THRESHOLD,
  DEFAULT_LEAD_GOAL,
  DEFAULT_MODEL_PARAMS,
  type AgentSettings,
  type AgentTemplate,
  type ReplyMatchType,
  type VariableType,
} from '@acs/shared';

export interface TemplateRule {
  matchType: ReplyMatchType;
  pattern: string;
  reply: string;
  priority: number;
}

export interface TemplateKnowledge {
  question: string;
  similarQuestions: string[];
  answer: string;
}

/** Created as the new agent's own variables, unless a global variable already has the key. */
export interface TemplateVariable {
  varKey: string;
  label: string;
  varType: VariableType;
  fallback: string;
}

export interface AgentTemplateDef {
  template: AgentTemplate;
  label: string;
  description: string;
  settings: AgentSettings;
  rules: TemplateRule[];
  knowledge: TemplateKnowledge[];
  variables: TemplateVariable[];
}

const base: AgentSettings = {
  avatar: '',
  providerId: null,
  model: '',
  params: DEFAULT_MODEL_PARAMS,
  systemPrompt: '你是在线客服“{{agent_name}}”。请用简洁、礼貌的中文回答客户的问题，不确定的内容不要编造。',
  welcomeMessage: '您好，我是{{agent_name}}，请问有什么可以帮您？',
  quickQuestions: [],
  fallbackReply: DEFAULT_FALLBACK_REPLY,
  handoff: DEFAULT_HANDOFF,
  businessHours: DEFAULT_BUSINESS_HOURS,
  leadGoal: DEFAULT_LEAD_GOAL,
  knowledgeThreshold: DEFAULT_KNOWLEDGE_THRESHOLD,
  clarifyThreshold: DEFAULT_CLARIFY_THRESHOLD,
};

/** A greeting on its own ("你好", "在吗？") gets a greeting back instead of a knowledge search. */
const greetingRule: TemplateRule = {
  matchType: 'regex',
  pattern: '^(你好|您好|在吗|在不在|hello|hi)[\\s,，.。!！?？~]*$',
  reply: '您好，我是{{agent_name}}，请问有什么可以帮您？',
  priority: 10,
};

const thanksRule: TemplateRule = {
  matchType: 'keyword',
  pattern: '谢谢|感谢|多谢',
  reply: '不客气，很高兴能帮到您！还有其他问题随时问我。',
  priority: 0,
};

const companyName = (fallback: string): TemplateVariable => ({ varKey: 'company_name', label: '公司名称', varType: 'text', fallback });

const general: AgentTemplateDef = {
  template: 'general',
  label: AGENT_TEMPLATE_LABELS.general,
  description: '解答常见问题，答不上来时转人工，适合售前售后咨询。',
  settings: {
    ...base,
    systemPrompt: [
      '你是{{company_name}}的在线客服“{{agent_name}}”。请用简洁、礼貌、口语化的中文回答客户的问题。',
      '- 只根据已知资料回答，不确定的内容不要编造，可以请客户留下联系方式或转人工。',
      '- 服务时间：{{service_hours}}；联系电话：{{contact_phone}}。',
      '- 每次回复尽量不超过100字。',
      '今天是{{today}}（{{weekday}}）。',
    ].join('\n'),
    welcomeMessage: '您好，欢迎咨询{{company_name}}！我是智能客服{{agent_name}}，请问有什么可以帮您？',
    quickQuestions: ['你们的服务时间是？', '怎么联系你们？', '价格怎么算？', '转人工客服'],
    handoff: { keywords: ['投诉', '退款', '差评'], explicitRequest: true, failureThreshold: 3, handoffReply: '好的，已为您转接人工客服，请稍候。' },
    businessHours: {
      ...DEFAULT_BUSINESS_HOURS,
      offHoursText: '您好，现在是非工作时间（服务时间：{{service_hours}}），您可以先留言，我们上班后会第一时间回复您。',
    },
  },
  rules: [greetingRule, thanksRule],
  knowledge: [
    {
      question: '你们的服务时间是？',
      similarQuestions: ['营业时间', '几点上班', '什么时候有人', '周末上班吗'],
      answer: '我们的服务时间是{{service_hours}}。非服务时间您也可以留言，我们会在上班后第一时间回复您。',
    },
    {
      question: '怎么联系你们？',
      similarQuestions: ['联系方式', '电话多少', '客服电话', '怎么找你们'],
      answer: '您可以拨打{{contact_phone}}联系我们，也可以直接在这里留言。',
    },
    {
      question: '价格怎么算？',
      similarQuestions: ['多少钱', '收费标准', '怎么收费', '报价'],
      answer: '具体价格和您的需求有关。您可以简单说一下需求，或留下联系方式，由顾问为您详细报价。',
    },
  ],
  variables: [
    companyName('我们'),
    { varKey: 'service_hours', label: '服务时间', varType: 'text', fallback: '工作日白天' },
    { varKey: 'contact_phone', label: '联系电话', varType: 'phone', fallback: '我们的客服电话' },
  ],
};

const recruit: AgentTemplateDef = {
  template: 'recruit',
  label: AGENT_TEMPLATE_LABELS.recruit,
  description: '回答求职者关于岗位、薪资、地点和面试的问题，并收集姓名和手机号。',
  settings: {
    ...base,
    systemPrompt: [
      '你是{{company_name}}的招聘助理“{{agent_name}}”，负责解答求职者关于岗位、薪资、工作地点和面试流程的问题。',
      '- 回答要真诚、简洁，只说已知信息，不承诺资料里没有的待遇。',
      '- 在合适的时机邀请求职者留下姓名和手机号，方便HR安排面试。',
      '- 招聘岗位：{{job_title}}；薪资范围：{{salary_range}}；工作地点：{{work_address}}。',
    ].join('\n'),
    welcomeMessage: '您好，欢迎了解{{company_name}}的招聘岗位！我是招聘助理{{agent_name}}，岗位、薪资、面试安排都可以问我。',
    quickQuestions: ['招聘什么岗位？', '薪资待遇怎么样？', '工作地点在哪里？', '怎么安排面试？'],
    fallbackReply: '这个问题我需要跟HR确认一下。您可以留下姓名和手机号，HR会尽快联系您。',
    handoff: { keywords: ['投诉'], explicitRequest: true, failureThreshold: 3, handoffReply: '好的，已为您转接HR，请稍候。' },
    businessHours: { ...DEFAULT_BUSINESS_HOURS, offHoursText: 'HR现在不在线，您可以先留下姓名和手机号，HR上班后会尽快联系您。' },
    leadGoal: {
      enabled: true,
      fields: ['name', 'phone'],
      askAfterTurns: 2,
      askText: '方便留一下您的姓名和手机号吗？HR会尽快和您约面试时间。',
      thanksText: '收到，谢谢！HR会尽快通过电话和您联系。',
    },
  },
  rules: [
    greetingRule,
    {
      matchType: 'keyword',
      pattern: '简历',
      reply: '您可以直接在这里发送简历的文字内容，或留下姓名和手机号，HR会联系您获取简历。',
      priority: 0,
    },
  ],
  knowledge: [
    {
      question: '招聘什么岗位？',
      similarQuestions: ['有什么工作', '在招什么人', '岗位有哪些'],
      answer: '我们目前在招聘{{job_title}}，具体要求可以继续问我，或留下联系方式由HR为您详细介绍。',
    },
    {
      question: '薪资待遇怎么样？',
      similarQuestions: ['工资多少', '待遇如何', '一个月多少钱', '有五险一金吗'],
      answer: '薪资待遇：{{salary_range}}，具体根据您的经验和面试情况确定，HR面试时会详细说明。',
    },
    {
      question: '工作地点在哪里？',
      similarQuestions: ['上班地址', '在哪上班', '公司在哪'],
      answer: '工作地点：{{work_address}}。',
    },
    {
      question: '怎么安排面试？',
      similarQuestions: ['面试流程', '什么时候面试', '怎么报名'],
      answer: '留下您的姓名和手机号后，HR会尽快联系您约面试时间。',
    },
  ],
  variables: [
    companyName('我们公司'),
    { varKey: 'job_title', label: '招聘岗位', varType: 'text', fallback: '多个岗位' },
    { varKey: 'salary_range', label: '薪资范围', varType: 'text', fallback: '面议' },
    { varKey: 'work_address', label: '工作地点', varType: 'text', fallback: '请向HR咨询' },
  ],
};

const lead: AgentTemplateDef = {
  template: 'lead',
  label: AGENT_TEMPLATE_LABELS.lead,
  description: '解答咨询并在第一轮后邀请客户留下手机号或微信，适合广告落地页和私信获客。',
  settings: {
    ...base,
    systemPrompt: [
      '你是{{company_name}}的咨询顾问“{{agent_name}}”。你的目标是耐心解答客户的问题，并在合适的时机邀请客户留下手机号或微信，方便顾问进一步沟通。',
      '- 回答简洁友好，不编造价格、优惠等资料里没有的信息。',
      '- 客户不愿留联系方式时不要反复追问。',
      '- 主营业务：{{main_business}}。',
    ].join('\n'),
    welcomeMessage: '您好，欢迎咨询{{company_name}}！我是顾问{{agent_name}}，您想了解哪方面的内容？',
    quickQuestions: ['你们主要做什么？', '怎么收费？', '有优惠活动吗？', '怎么预约咨询？'],
    fallbackReply: '这个问题我帮您记录下来，请专业顾问给您详细解答。方便留一个手机号或微信吗？',
    handoff: { keywords: ['投诉', '退款'], explicitRequest: true, failureThreshold: 3, handoffReply: '好的，已为您转接人工顾问，请稍候。' },
    leadGoal: {
      enabled: true,
      fields: ['phone', 'wechat'],
      match: 'any',
      askAfterTurns: 1,
      askText: '为了给您更准确的方案，方便留一下您的手机号或微信吗？顾问会尽快联系您。',
      thanksText: '好的，已经记下了，顾问会尽快联系您，请留意来电或微信好友申请。',
    },
  },
  rules: [greetingRule, thanksRule],
  knowledge: [
    {
      question: '你们主要做什么？',
      similarQuestions: ['业务范围', '提供什么服务', '你们是做什么的'],
      answer: '我们主要提供{{main_business}}。您可以说说您的具体需求，我帮您看看适合哪种方案。',
    },
    {
      question: '怎么收费？',
      similarQuestions: ['多少钱', '价格', '报价', '费用'],
      answer: '费用会根据您的具体需求来定。留下手机号或微信，顾问可以为您出一份详细报价。',
    },
    {
      question: '有优惠活动吗？',
      similarQuestions: ['打折吗', '有没有优惠', '最近有活动吗'],
      answer: '当前的优惠活动请以顾问告知为准。留下联系方式后，顾问会把最新的活动信息发给您。',
    },
    {
      question: '怎么预约咨询？',
      similarQuestions: ['预约', '怎么约时间', '可以面谈吗'],
      answer: '您留下手机号或微信后，顾问会联系您确认时间。也可以拨打{{contact_phone}}直接预约。',
    },
  ],
  variables: [
    companyName('我们'),
    { varKey: 'main_business', label: '主营业务', varType: 'text', fallback: '多种专业服务' },
    { varKey: 'contact_phone', label: '联系电话', varType: 'phone', fallback: '我们的客服电话' },
  ],
};

const blank: AgentTemplateDef = {
  template: 'blank',
  label: AGENT_TEMPLATE_LABELS.blank,
  description: '从默认设置开始，自己添加回复规则和知识库。',
  settings: base,
  rules: [],
  knowledge: [],
  variables: [],
};

const TEMPLATES: Record<AgentTemplate, AgentTemplateDef> = { blank, general, recruit, lead };

export const templateOf = (template: AgentTemplate): AgentTemplateDef => TEMPLATES[template];

/** What GET /ai/agent/templates offers: the three filled templates (blank is the shared defaults). */
export const offeredTemplates = (): AgentTemplateDef[] => [general, recruit, lead];
