import { describe, expect, it } from 'vitest';
import { genFilePath } from './gen';

describe('generated file paths', () => {
  it('puts each file where the zip and the preview say, and knows no path for unknown keys', () => {
    expect(genFilePath('vm/server/api.test.ts.vm', 'biz', 'customer')).toBe('apps/server/src/modules/biz/customer/customer.test.ts');
    expect(genFilePath('vm/sql/sql.vm', 'biz', 'customer')).toBe('apps/server/src/modules/biz/customer/migration.sql');
    expect(genFilePath('vm/web/api.ts.vm', 'biz', 'customer')).toBe('apps/web/src/api/biz/customer.ts');
    expect(genFilePath('vm/web/view.tsx.vm', 'biz', 'customer')).toBe('apps/web/src/pages/biz/customer/components/Detail.tsx');
    expect(genFilePath('vm/java/domain.java.vm', 'biz', 'customer')).toBe('');
    expect(genFilePath('toString', 'biz', 'customer')).toBe('');
  });
});
