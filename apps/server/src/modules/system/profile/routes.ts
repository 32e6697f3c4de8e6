import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType, PASSWORD_MAX, PASSWORD_MIN } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { ok } from '../../../core/envelope';
import { ServiceError } from '../../../core/errors';
import { boundedText, PASSWORD_INPUT_MAX } from '../../../core/rules';
import { noHtml } from '../../../core/xss';
import { deleteProfileFile, IMAGE_UPLOAD, readFile, storeAvatar } from '../../common/upload';
import { replaceAvatar, roleAndPostGroups, updatePassword, updateProfile } from './service';

/**
 * Only these four fields of the profile form are applied (contract §3.2); anything else is ignored,
 * and a field left out keeps its stored value (upstream updates non-null fields only).
 */
const profileBody = z.object({
  nickName: z.string().trim().max(30, '用户昵称长度不能超过30个字符').check(noHtml('用户昵称不能包含脚本字符')).optional(),
  email: z
    .string()
    .trim()
    .max(50, '邮箱长度不能超过50个字符')
    .refine((v) => v === '' || z.email().safeParse(v).success, '邮箱格式不正确')
    .optional(),
  phonenumber: z.string().trim().max(11, '手机号码长度不能超过11个字符').optional(),
  sex: z.enum(['0', '1', '2'], '用户性别不正确').optional(),
});

const passwordFields = z.object({
  oldPassword: boundedText('旧密码', PASSWORD_INPUT_MAX).optional(),
  newPassword: boundedText('新密码', PASSWORD_INPUT_MAX).optional(),
});

/** New-password rules the client's change-password dialog shows, enforced here as well. */
function checkPasswords(oldPassword: string | undefined, newPassword: string | undefined): { oldPassword: string; newPassword: string } {
  if (!oldPassword) throw new ServiceError('旧密码不能为空');
  if (!newPassword) throw new ServiceError('新密码不能为空');
  if (newPassword.length < PASSWORD_MIN || newPassword.length > PASSWORD_MAX) {
    throw new ServiceError(`长度在 ${PASSWORD_MIN} 到 ${PASSWORD_MAX} 个字符`);
  }
  return { oldPassword, newPassword };
}

const profileLog = { title: '个人信息', businessType: BusinessType.UPDATE };
const avatarLog = { title: '用户头像', businessType: BusinessType.UPDATE };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/system/user/profile', { config: { access: 'authenticated' }, schema: { summary: '获取个人信息' } }, async (request) => {
    const session = requireSession(request);
    return ok({ data: session.user, ...(await roleAndPostGroups(deps, session.userId)) });
  });

  app.put(
    '/system/user/profile',
    { config: { access: 'authenticated', operLog: profileLog }, schema: { summary: '修改个人信息', body: profileBody } },
    async (request) => {
      await updateProfile(deps, requireSession(request), request.body);
      return ok();
    },
  );

  // Upstream takes a JSON body; the console's spec sends the same fields in the query string. Both work.
  app.put(
    '/system/user/profile/updatePwd',
    {
      config: { access: 'authenticated', operLog: profileLog },
      schema: { summary: '修改个人密码', querystring: passwordFields, body: passwordFields.nullish() },
    },
    async (request) => {
      const { oldPassword, newPassword } = checkPasswords(
        request.body?.oldPassword ?? request.query.oldPassword,
        request.body?.newPassword ?? request.query.newPassword,
      );
      await updatePassword(deps, requireSession(request), oldPassword, newPassword);
      return ok();
    },
  );

  app.post('/system/user/profile/avatar', { config: { access: 'authenticated', operLog: avatarLog }, schema: { summary: '上传个人头像' } }, async (request) => {
    const session = requireSession(request);
    const stored = await storeAvatar(deps, await readFile(request, 'avatarfile', IMAGE_UPLOAD));
    const previous = await replaceAvatar(deps, session, stored.fileName).catch(async (err: unknown) => {
      await deleteProfileFile(deps, stored.fileName);
      throw err;
    });
    await deleteProfileFile(deps, previous);
    return ok({ imgUrl: stored.fileName });
  });
};
