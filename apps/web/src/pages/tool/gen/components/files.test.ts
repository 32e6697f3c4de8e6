import { describe, expect, it } from 'vitest';
import { previewFiles, tabName } from './files';

describe('preview files', () => {
  it('names tabs as RuoYi does: the text between the last / and .vm', () => {
    expect(tabName('vm/server/routes.ts.vm')).toBe('routes.ts');
    expect(tabName('vm/sql/sql.vm')).toBe('sql');
    expect(tabName('vm/java/domain.java.vm')).toBe('domain.java');
  });

  it('keeps the server order and highlights SQL as SQL, the rest as TypeScript', () => {
    const files = previewFiles({ 'vm/server/table.ts.vm': 't', 'vm/sql/sql.vm': 's', 'vm/web/index.tsx.vm': 'i' }, 'crm', 'lead');
    expect(files.map((f) => [f.name, f.language, f.code])).toEqual([
      ['table.ts', 'typescript', 't'],
      ['sql', 'sql', 's'],
      ['index.tsx', 'typescript', 'i'],
    ]);
    expect(files[2].path).toBe('apps/web/src/pages/crm/lead/index.tsx');
  });
});
