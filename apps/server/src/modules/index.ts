import type { FastifyPluginAsync } from 'fastify';
import { authPlugin } from '../core/auth';
import { authRoutes } from './auth/routes';
import { commonRoutes } from './common/routes';
import { profileFileRoutes } from './common/profile-files';
import { configRoutes } from './system/config/routes';
import { dictRoutes } from './system/dict/routes';
import { noticeRoutes } from './system/notice/routes';
import { postRoutes } from './system/post/routes';
import { menuRoutes } from './system/menu/routes';
import { deptRoutes } from './system/dept/routes';
import { profileRoutes } from './system/profile/routes';
import { roleRoutes } from './system/role/routes';
import { userRoutes } from './system/user/routes';
import { modelRoutes } from './ai/model/routes';
import { agentRoutes } from './ai/agent/routes';
import { replyRoutes } from './ai/reply/routes';
import { unknownRoutes } from './ai/unknown/routes';
import { variableRoutes } from './ai/variable/routes';
import { synonymRoutes } from './ai/synonym/routes';
import { debugRoutes } from './ai/debug/routes';
import { chatRoutes } from './ai/chat/routes';
import { conversationRoutes } from './ai/conversation/routes';
import { csDataRoutes } from './ai/csData/routes';
import { leadRoutes } from './crm/lead/routes';
import { distributionRoutes } from './crm/distribution/routes';
import { customerRoutes } from './crm/customer/routes';
import { staffRoutes } from './crm/staff/routes';
import { applyRoutes } from './crm/apply/routes';
import { siteRoutes } from './crm/site/routes';
import { notifyRoutes } from './crm/notify/routes';
import { workbenchRoutes } from './crm/workbench/routes';
import { bossZPRoutes } from './channel/bossZP/routes';
import { bossConnectorRoutes } from './channel/boss/connector-routes';
import { bossLeaveRoutes } from './channel/bossLeave/routes';
import { healthRoutes } from './health/routes';
import { onlineRoutes } from './monitor/online/routes';
import { operlogRoutes } from './monitor/operlog/routes';
import { logininforRoutes } from './monitor/logininfor/routes';
import { jobRoutes } from './monitor/job/routes';
import { jobLogRoutes } from './monitor/jobLog/routes';
import { serverRoutes } from './monitor/server/routes';
import { cacheRoutes } from './monitor/cache/routes';
import { druidRoutes } from './monitor/druid/routes';
import { douyinWebhookRoutes } from './channel/douyin/webhook-routes';
import { douyinWorkers } from './channel/douyin/workers';
import { dyConfigRoutes } from './channel/dyConfig/routes';
import { douyinPublicRoutes } from './channel/douyin/public-routes';
import { genRoutes } from './tool/gen/routes';

/**
 * API modules mounted under the API prefix, in registration order.
 * Each module file exports one plugin; add a line here when a module is added.
 */
export const apiModules: FastifyPluginAsync[] = [
  // First: its request hook (session + access check) must cover every route registered after it.
  authPlugin,
  authRoutes,
  commonRoutes,
  profileFileRoutes,
  profileRoutes,
  dictRoutes,
  configRoutes,
  noticeRoutes,
  postRoutes,
  menuRoutes,
  deptRoutes,
  roleRoutes,
  userRoutes,
  modelRoutes,
  agentRoutes,
  replyRoutes,
  unknownRoutes,
  variableRoutes,
  synonymRoutes,
  debugRoutes,
  chatRoutes,
  conversationRoutes,
  csDataRoutes,
  leadRoutes,
  distributionRoutes,
  customerRoutes,
  staffRoutes,
  applyRoutes,
  siteRoutes,
  notifyRoutes,
  workbenchRoutes,
  bossZPRoutes,
  bossConnectorRoutes,
  bossLeaveRoutes,
  healthRoutes,
  onlineRoutes,
  operlogRoutes,
  logininforRoutes,
  jobRoutes,
  jobLogRoutes,
  serverRoutes,
  cacheRoutes,
  druidRoutes,
  douyinWebhookRoutes,
  douyinWorkers,
  dyConfigRoutes,
  douyinPublicRoutes,
  genRoutes,
];
