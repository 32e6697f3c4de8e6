/** The AjaxResult envelope; endpoints add their own top-level keys beside code/msg. */
export interface AjaxResult<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/** TableDataInfo of paged lists. */
export interface TableResult<T> {
  code: number;
  msg: string;
  total: number;
  rows: T[];
}
