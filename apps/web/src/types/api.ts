/** The AjaxResult envelope; endpoints add their own top-level keys beside code/msg. */
export interface AjaxResult<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/** RuoYi's TreeSelect node: the menu and department pickers of the role, user and menu screens. */
export interface TreeNode {
  id: number;
  label: string;
  disabled?: boolean;
  children?: TreeNode[];
}

/** TableDataInfo of paged lists. */
export interface TableResult<T> {
  code: number;
  msg: string;
  total: number;
  rows: T[];
}
