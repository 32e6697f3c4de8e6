import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok, okData } from '../../../core/envelope';
import { ServiceError } from '../../../core/errors';
import { anonymous, limitAnonymousRoutes } from '../../crm/apply/anonymous';
import { assignmentFields } from '../dyConfig/schema';
import { bindFromCallback, BindMsg, enabledDouyinApp } from './binding';
import { issueState, LINK_TOKEN_MAX, LinkMsg, verifyLink } from './links';
import { douyinClientFor } from './store';
import { switchActor, switchAssign, switchPage } from './switch';

/** Per client IP: a person binding or switching clicks a few times a minute; more is a script. */
export const DOUYIN_PUBLIC_LIMITS = {
  pages: { max: 30, timeWindow: 60_000 },
  writes: { max: 20, timeWindow: 60_000 },
} as const;

const token = z.string({ error: LinkMsg.INVALID }).max(LINK_TOKEN_MAX, LinkMsg.INVALID);

const loginQuery = z.object({ link: token.min(1, LinkMsg.INVALID) });

const bindBody = z.object({
  state: token.min(1, BindMsg.INVALID),
  code: z.string().max(512, BindMsg.NO_CODE).optional(),
  error: z.string().max(256).optional(),
});

const switchQuery = z.object({ link: token.optional(), appId: z.coerce.number<string>().int().positive().optional() });

const switchBody = z.object({
  link: token.nullish(),
  appId: z.number().int().positive().nullish(),
  ...assignmentFields,
  replyPolicy: assignmentFields.replyPolicy.optional(),
});

/**
 * The platform sends the owner back to /dyLogin on this server: the callback must be registered in the
 * Douyin console as <your domain>/dyLogin (docs/channels.md). Behind the proxy, TRUST_PROXY makes the
 * request's protocol and host those the browser used.
 */
const redirectUri = (request: FastifyRequest) => `${request.protocol}://${request.host}/dyLogin`;

/** The anonymous API of the light pages /dyLogin and /dySwitch (docs/channels.md «抖音配置 and binding»). */
export const douyinPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await limitAnonymousRoutes(app, 'douyin-public');

  app.get('/channel/douyin/public/login', { config: anonymous(DOUYIN_PUBLIC_LIMITS.pages), schema: { summary: '抖音授权页：校验绑定链接并取授权地址', querystring: loginQuery } }, async (request) => {
    const check = verifyLink(deps, request.query.link, 'bind');
    if (!check.ok) throw new ServiceError(check.reason === 'expired' ? LinkMsg.EXPIRED : LinkMsg.INVALID);
    const douyinApp = await enabledDouyinApp(deps, check.claims.appId);
    if (!douyinApp) throw new ServiceError(BindMsg.APP_UNAVAILABLE);
    const state = await issueState(deps, check.claims);
    const client = await douyinClientFor(deps, douyinApp);
    return okData({
      appName: douyinApp.name,
      authorizeUrl: client.authorizeUrl({ redirectUri: redirectUri(request), state }),
      expiresTime: new Date(check.claims.expiresAt),
    });
  });

  app.post('/channel/douyin/public/bind', { config: anonymous(DOUYIN_PUBLIC_LIMITS.writes), schema: { summary: '抖音授权回调：绑定抖音号', body: bindBody } }, async (request) =>
    okData(await bindFromCallback(deps, request.body)),
  );

  app.get('/channel/douyin/public/switch', { config: anonymous(DOUYIN_PUBLIC_LIMITS.pages), schema: { summary: '抖音切换页：查询可切换的配置', querystring: switchQuery } }, async (request) => {
    const actor = await switchActor(deps, { ...request.query, session: request.session });
    return okData(await switchPage(deps, actor));
  });

  app.put('/channel/douyin/public/switch', { config: anonymous(DOUYIN_PUBLIC_LIMITS.writes), schema: { summary: '抖音切换页：切换抖音号的配置', body: switchBody } }, async (request) => {
    const { link, appId, ...assignment } = request.body;
    const actor = await switchActor(deps, { link: link ?? undefined, appId: appId ?? undefined, session: request.session });
    await switchAssign(deps, actor, assignment);
    return ok();
  });
};
