import { z } from 'zod';
import { filterText } from '../../../core/rules';
import { sysLogininfor } from '../../../db/schema';

/** Session ids are the 36-character dashed UUIDs of `login_tokens:<uuid>` (contract §6). */
const TOKEN_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const TOKEN_ID_MESSAGE = '会话编号格式不正确';

/**
 * Sessions one batch may end: a page of the screen at its largest size, and an URL of a few KB
 * (path parameters are capped at 100 characters, so the ids travel in the query).
 */
export const BATCH_LOGOUT_MAX = 100;

/**
 * The list's filters. The client also sends pageNum/pageSize, which are ignored: the list is not paged
 * on the server (the RuoYi page slices it itself), and an unknown key is dropped by the object.
 */
export const onlineListQuery = z.object({
  ipaddr: filterText('登录地址', sysLogininfor.ipaddr),
  userName: filterText('用户名称', sysLogininfor.userName),
});
export type OnlineFilters = z.infer<typeof onlineListQuery>;

export const tokenIdParam = z.string().regex(TOKEN_ID, TOKEN_ID_MESSAGE);

const TOO_MANY = `一次最多强退${BATCH_LOGOUT_MAX}个会话`;

/** `tokenIds=id1,id2` or repeated `tokenIds=…` of the batch endpoint, duplicates dropped. */
export const tokenIdList = z
  .union([z.string(), z.array(z.string())], { error: '会话编号不能为空' })
  .transform((v) => [...new Set([v].flat().flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(z.string().regex(TOKEN_ID, TOKEN_ID_MESSAGE)).min(1, '会话编号不能为空').max(BATCH_LOGOUT_MAX, TOO_MANY));
