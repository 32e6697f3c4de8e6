import { bigint, char, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Audit columns shared by most RuoYi tables (BaseEntity). */
export const audit = {
  createBy: varchar('create_by', { length: 64 }).default(''),
  createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }),
  updateBy: varchar('update_by', { length: 64 }).default(''),
  updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }),
};

export const remark = (length = 500) => varchar('remark', { length });

/** Auto-increment primary key starting where the RuoYi seed leaves room for its fixed ids. */
export const idColumn = (name: string, startWith: number) =>
  bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith });

export const status = (name = 'status') => char(name, { length: 1 }).notNull().default('0');
export const delFlag = () => char('del_flag', { length: 1 }).notNull().default('0');

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
