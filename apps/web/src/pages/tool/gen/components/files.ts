/**
 * The generated files of a table as the preview shows them. The server answers `{ previewKey: text }`;
 * the tab is named as RuoYi's client names it (the text between the last '/' and '.vm'), and the path
 * the file takes in the repository is the shared key → path table's.
 */
import { genFilePath } from '@acs/shared';

export interface PreviewFile {
  key: string;
  /** Tab label: `routes.ts`, `index.tsx`, `sql`. */
  name: string;
  /** Repository-relative target, or '' for a key this screen does not know (another server's templates). */
  path: string;
  language: 'typescript' | 'sql';
  code: string;
}

/** `vm/server/routes.ts.vm` → `routes.ts`. */
export function tabName(key: string): string {
  return key.substring(key.lastIndexOf('/') + 1, key.lastIndexOf('.vm'));
}

/** The preview answer as tabs, in the server's order. */
export function previewFiles(data: Record<string, string>, moduleName: string, businessName: string): PreviewFile[] {
  return Object.entries(data).map(([key, code]) => {
    const name = tabName(key);
    // RuoYi's menu script is `vm/sql/sql.vm`: a tab named `sql`.
    const language = name === 'sql' || name.endsWith('.sql') ? 'sql' : 'typescript';
    return { key, name, path: genFilePath(key, moduleName, businessName), language, code };
  });
}
