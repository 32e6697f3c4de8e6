import { z } from 'zod';

/** gen_table.options: RuoYi's JSON of the 生成信息 settings that have no column of their own. */
const genOptions = z.object({
  treeCode: z.string().optional(),
  treeParentCode: z.string().optional(),
  treeName: z.string().optional(),
  parentMenuId: z.number().int().optional(),
  parentMenuName: z.string().optional(),
  genView: z.boolean().optional(),
});
export type GenOptions = z.infer<typeof genOptions>;

/** RuoYi's default parent menu: 系统工具. */
export const DEFAULT_PARENT_MENU_ID = 3;

/** The stored options; text that is not the expected JSON (edited by hand) counts as none. */
export function parseOptions(text: string | null): GenOptions {
  if (!text) return {};
  try {
    const parsed = genOptions.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
