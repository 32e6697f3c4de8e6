import { describe, expect, it } from 'vitest';
import type { GenTableColumn } from '../../../../api/tool/gen';
import { invalidFields, moveColumn, patchColumn } from './columnEdits';

const col = (columnId: number, javaField: string): GenTableColumn => ({
  columnId,
  columnName: `c${columnId}`,
  columnComment: '',
  columnType: 'varchar(64)',
  javaType: 'string',
  javaField,
  sort: columnId * 10,
});
const COLUMNS = [col(1, 'a'), col(2, 'b'), col(3, 'c'), col(4, 'd')];

describe('column edits', () => {
  it('moves a column down or up and renumbers sort 1..n', () => {
    const down = moveColumn(COLUMNS, 1, 3);
    expect(down.map((c) => c.columnId)).toEqual([2, 3, 1, 4]);
    expect(down.map((c) => c.sort)).toEqual([1, 2, 3, 4]);
    expect(moveColumn(COLUMNS, 4, 2).map((c) => c.columnId)).toEqual([1, 4, 2, 3]);
  });

  it('leaves the list alone for a drop on itself or an unknown row', () => {
    expect(moveColumn(COLUMNS, 2, 2)).toBe(COLUMNS);
    expect(moveColumn(COLUMNS, 2, 99)).toBe(COLUMNS);
  });

  it('patches one column without touching the others', () => {
    const next = patchColumn(COLUMNS, 2, { htmlType: 'select', dictType: 'sys_user_sex' });
    expect(next[1]).toMatchObject({ columnId: 2, htmlType: 'select', dictType: 'sys_user_sex' });
    expect(next[0]).toBe(COLUMNS[0]);
    expect(COLUMNS[1].htmlType).toBeUndefined();
  });

  it('finds property names the server would refuse', () => {
    const columns = [col(1, 'customerName'), col(2, ''), col(3, 'Name'), col(4, 'user_id'), col(5, 'x1')];
    expect(invalidFields(columns).map((c) => c.columnId)).toEqual([2, 3, 4]);
  });
});
