import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Msg } from '@acs/shared';
import { deleteSession, requireSession } from '../../core/auth';
import { unauthorizedBody } from '../../core/auth/permissions';
import { issueCaptcha } from '../../core/captcha';
import { clientInfo } from '../../core/client-info';
import { ok, okData, okMsg } from '../../core/envelope';
import { isConfigEnabled } from '../system/config/service';
import { currentUserInfo } from './info.service';
import { LoginStatus, writeLoginLog } from './login-log';
import { login } from './login.service';
import { AuthMsg } from './messages';
import { credentialRateLimit, perClientLimit } from './rate-limit';
import { register } from './register.service';
import { routerMenus } from './repository';
import { buildRouters } from './router-builder';

/** Reads of the registration switch per client IP and minute: a page load needs one. */
const REGISTER_ENABLED_READS_PER_MINUTE = 60;
/** Captcha images and logouts per client IP and minute: a login or a logout needs one, an office shares an IP. */
const CAPTCHAS_PER_MINUTE = 60;
const LOGOUTS_PER_MINUTE = 60;

/** Missing fields become empty strings so the contract's own messages (and login log rows) apply. */
const field = z.string().optional().default('');
const credentialsBody = z.object({ username: field, password: field, code: field, uuid: field });

const clientOf = (request: FastifyRequest) => clientInfo(request.clientIp, request.headers['user-agent']);

/** Captcha, login, logout, registration, current user and menu routes (contract §3.1). */
export const authRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  await app.register(rateLimit, credentialRateLimit(deps));

  app.get('/captchaImage', { config: { access: 'anonymous', rateLimit: perClientLimit('captchaImage', CAPTCHAS_PER_MINUTE) }, schema: { summary: '获取验证码' } }, async () => {
    const captchaEnabled = await isConfigEnabled(deps, 'sys.account.captchaEnabled', true);
    if (!captchaEnabled) return ok({ captchaEnabled });
    return ok({ captchaEnabled, ...(await issueCaptcha(deps.kv)) });
  });

  app.post(
    '/login',
    { config: { access: 'anonymous', rateLimit: {} }, schema: { summary: '登录', body: credentialsBody } },
    async (request) => ok({ ...(await login(deps, app.tokens, request.body, clientOf(request))) }),
  );

  app.post(
    '/register',
    { config: { access: 'anonymous', rateLimit: {} }, schema: { summary: '注册', body: credentialsBody } },
    async (request) => {
      await register(deps, request.body, clientOf(request));
      return ok();
    },
  );

  // Not in the RuoYi contract: lets the register page say registration is off before the form is filled.
  app.get(
    '/registerEnabled',
    { config: { access: 'anonymous', rateLimit: perClientLimit('registerEnabled', REGISTER_ENABLED_READS_PER_MINUTE) }, schema: { summary: '查询是否开放注册' } },
    async () => okData(await isConfigEnabled(deps, 'sys.account.registerUser', false)),
  );

  app.post('/logout', { config: { access: 'anonymous', rateLimit: perClientLimit('logout', LOGOUTS_PER_MINUTE) }, schema: { summary: '退出登录' } }, async (request) => {
    const session = request.session ? await deleteSession(deps, request.session.tokenId) : null;
    if (session) await writeLoginLog(deps, session.userName, LoginStatus.SUCCESS, AuthMsg.LOGOUT_SUCCESS, clientOf(request));
    return okMsg(Msg.LOGOUT_SUCCESS);
  });

  app.get('/getInfo', { config: { access: 'authenticated' }, schema: { summary: '获取用户信息' } }, async (request, reply) => {
    const info = await currentUserInfo(deps, requireSession(request));
    return info ? ok({ ...info }) : reply.send(unauthorizedBody(request));
  });

  app.get('/getRouters', { config: { access: 'authenticated' }, schema: { summary: '获取路由菜单' } }, async (request) => {
    const session = requireSession(request);
    return okData(buildRouters(await routerMenus(deps.database.db, session.userId)));
  });
};
