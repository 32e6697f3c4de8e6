import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../core/envelope';
import { boundedText } from '../../core/rules';
import { downloadStorage, uploadStorage } from '../../infra/storage';
import { downloadableKey, sendAttachment } from './download';
import { FILE_PATH_MAX } from './file-types';
import {
  GENERAL_UPLOAD,
  IMAGE_UPLOAD,
  profileKey,
  publicUrl,
  readFile,
  readFiles,
  storeAvatar,
  storeUpload,
  type StoredFile,
} from './upload';

/** /common/* (contract §3.1) and the console's own /fileUploadController/* (spec §7). */
export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const prefix = deps.config.apiPrefix;
  const auth = { access: 'authenticated' } as const;

  const uploadResult = (request: Parameters<typeof publicUrl>[0], stored: StoredFile) => ({
    url: publicUrl(request, prefix, stored.fileName),
    ...stored,
  });

  app.post('/common/upload', { config: auth, schema: { summary: '上传文件' } }, async (request) => {
    const stored = await storeUpload(deps, await readFile(request, 'file', GENERAL_UPLOAD));
    return ok(uploadResult(request, stored));
  });

  app.post('/common/uploads', { config: auth, schema: { summary: '批量上传文件' } }, async (request) => {
    const files = await readFiles(request, 'files', GENERAL_UPLOAD);
    const stored: StoredFile[] = [];
    for (const file of files) stored.push(await storeUpload(deps, file));
    const join = (pick: (s: StoredFile) => string) => stored.map(pick).join(',');
    return ok({
      urls: join((s) => publicUrl(request, prefix, s.fileName)),
      fileNames: join((s) => s.fileName),
      newFileNames: join((s) => s.newFileName),
      originalFilenames: join((s) => s.originalFilename),
    });
  });

  // The console's upload components read `data` (the path without the API prefix).
  app.post('/fileUploadController/upload', { config: auth, schema: { summary: '上传文件（兼容接口）' } }, async (request) => {
    const stored = await storeUpload(deps, await readFile(request, 'avatarfile', GENERAL_UPLOAD));
    return ok({ data: stored.fileName, ...uploadResult(request, stored) });
  });

  app.post('/fileUploadController/avatar', { config: auth, schema: { summary: '上传头像（兼容接口）' } }, async (request) => {
    const stored = await storeAvatar(deps, await readFile(request, 'avatarfile', IMAGE_UPLOAD));
    return ok({ data: stored.fileName, ...uploadResult(request, stored) });
  });

  app.get(
    '/common/download',
    {
      config: auth,
      schema: { summary: '下载临时文件', querystring: z.object({ fileName: boundedText('文件名称', FILE_PATH_MAX).default(''), delete: z.stringbool().default(false) }) },
    },
    async (request, reply) => {
      const { fileName, delete: deleteAfter } = request.query;
      const storage = downloadStorage(deps.config);
      const key = downloadableKey(storage, fileName, fileName);
      // Exports are saved as <uuid>_<name>; the user gets a timestamp plus the readable part.
      const downloadName = `${deps.now()}${fileName.slice(fileName.indexOf('_') + 1)}`;
      return sendAttachment(reply, storage, key, downloadName, { deleteAfter, displayName: fileName });
    },
  );

  app.get(
    '/common/download/resource',
    { config: auth, schema: { summary: '下载资源文件', querystring: z.object({ resource: boundedText('资源路径', FILE_PATH_MAX).default('') }) } },
    async (request, reply) => {
      const { resource } = request.query;
      const storage = uploadStorage(deps.config);
      const key = downloadableKey(storage, resource, profileKey(resource));
      return sendAttachment(reply, storage, key, key.slice(key.lastIndexOf('/') + 1), { displayName: resource });
    },
  );
};
