/**
 * Swagger UI groups operations by tag: one per module, named after its menu ("目录-菜单"), so the
 * document reads like the sidebar. Keys are path prefixes after the API prefix; the longest match wins,
 * which lets the routes nested under an AI客服 (rules, knowledge…) get their own group.
 */
const MODULE_TAGS: Record<string, string> = {
  captchaImage: '登录认证',
  login: '登录认证',
  logout: '登录认证',
  register: '登录认证',
  registerEnabled: '登录认证',
  getInfo: '登录认证',
  getRouters: '登录认证',
  common: '通用接口',
  fileUploadController: '通用接口',
  profile: '通用接口',
  health: '健康检查',
  'system/user': '系统管理-用户管理',
  'system/user/profile': '系统管理-个人中心',
  'system/role': '系统管理-角色管理',
  'system/menu': '系统管理-菜单管理',
  'system/dept': '系统管理-部门管理',
  'system/post': '系统管理-岗位管理',
  'system/dict': '系统管理-字典管理',
  'system/config': '系统管理-参数设置',
  'system/notice': '系统管理-通知公告',
  'monitor/online': '系统监控-在线用户',
  'monitor/job': '系统监控-定时任务',
  'monitor/jobLog': '系统监控-调度日志',
  'monitor/druid': '系统监控-数据监控',
  'monitor/server': '系统监控-服务监控',
  'monitor/cache': '系统监控-缓存监控',
  'monitor/operlog': '系统监控-操作日志',
  'monitor/logininfor': '系统监控-登录日志',
  'tool/gen': '系统工具-代码生成',
  'ai/agent': 'AI客服-AI客服列表',
  'ai/agent/:agentId/debug': 'AI客服-调试',
  'ai/agent/:agentId/rule': 'AI客服-回复规则',
  'ai/agent/:agentId/knowledge': 'AI客服-知识库',
  'ai/agent/:agentId/reply': 'AI客服-回复规则',
  'ai/agent/:agentId/unknown': 'AI客服-未知问题',
  'ai/agent/:agentId/variables': 'AI客服-变量管理',
  'ai/conversation': 'AI客服-在线会话',
  'ai/variable': 'AI客服-变量管理',
  'ai/model': 'AI客服-模型配置',
  'ai/csData': 'AI客服-客服数据',
  'ai/synonym': 'AI客服-同义词',
  chat: '访客对话',
  'crm/customer': '客户-客户管理',
  'crm/lead': '客户-客户留资',
  'crm/distribution': '客户-员工分配',
  'crm/apply': '客户-申请记录',
  'crm/site': '客户-官网首页',
  'crm/staff': '客户-员工分配',
  'crm/workbench': '客户-工作台',
  'crm/notify': '客户-工作台',
  'channel/dyConfig': '渠道-抖音配置',
  'channel/douyin': '渠道-抖音授权与推送',
  'channel/bossZP': '渠道-BOSS招聘',
  'channel/boss/connector': '渠道-BOSS连接器',
  'channel/bossLeave': '渠道-BOSS留资',
};

/** The tag of a route path relative to the API prefix (`system/user/list`), or undefined for an unmapped module. */
export function moduleTag(relativePath: string): string | undefined {
  const segments = relativePath.split('/');
  for (let n = segments.length; n > 0; n--) {
    const tag = MODULE_TAGS[segments.slice(0, n).join('/')];
    if (tag) return tag;
  }
  return undefined;
}
