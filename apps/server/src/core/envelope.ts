import { Code, Msg } from '@acs/shared';

/** AjaxResult helpers: `data` appears only when given; extra top-level keys sit beside code/msg. */
export function ok(extra: Record<string, unknown> = {}) {
  return { code: Code.SUCCESS, msg: Msg.SUCCESS, ...extra };
}

export function okData<T>(data: T) {
  return data === null || data === undefined ? ok() : { code: Code.SUCCESS, msg: Msg.SUCCESS, data };
}

/** The contract's string overload of success(): the string travels in `msg`. */
export function okMsg(msg: string) {
  return { code: Code.SUCCESS, msg };
}

export function fail(msg: string = Msg.ERROR, code: number = Code.ERROR) {
  return { code, msg };
}

export function warn(msg: string) {
  return { code: Code.WARN, msg };
}

/** TableDataInfo for paged lists. */
export function table<T>(rows: T[], total: number) {
  return { total, rows, code: Code.SUCCESS, msg: Msg.QUERY_SUCCESS };
}

/** toAjax(rows): success when something changed. */
export function toAjax(changed: number | boolean) {
  return (typeof changed === 'boolean' ? changed : changed > 0) ? ok() : fail();
}
