import type { sysMenu } from '../schema';

type MenuSeed = Pick<
  typeof sysMenu.$inferInsert,
  'menuId' | 'parentId' | 'orderNum' | 'menuName' | 'menuType' | 'path' | 'component' | 'perms' | 'icon' | 'isFrame' | 'query' | 'remark'
>;

/** [menuId, parentId, orderNum, name, type (M directory · C menu · F button), path, component, perms, icon] */
type Row = [number, number, number, string, 'M' | 'C' | 'F', string, string, string, string];

/**
 * The RuoYi menu tree, row for row, so any RuoYi-Vue3 client finds the routes and permissions it expects.
 * Menu 4 is the external-link example (the only is_frame 0 row).
 */
const rows: Row[] = [
  [1, 0, 1, '系统管理', 'M', 'system', '', '', 'system'],
  [2, 0, 2, '系统监控', 'M', 'monitor', '', '', 'monitor'],
  [3, 0, 3, '系统工具', 'M', 'tool', '', '', 'tool'],
  [4, 0, 4, '若依官网', 'M', 'http://ruoyi.vip', '', '', 'guide'],
  [100, 1, 1, '用户管理', 'C', 'user', 'system/user/index', 'system:user:list', 'user'],
  [101, 1, 2, '角色管理', 'C', 'role', 'system/role/index', 'system:role:list', 'peoples'],
  [102, 1, 3, '菜单管理', 'C', 'menu', 'system/menu/index', 'system:menu:list', 'tree-table'],
  [103, 1, 4, '部门管理', 'C', 'dept', 'system/dept/index', 'system:dept:list', 'tree'],
  [104, 1, 5, '岗位管理', 'C', 'post', 'system/post/index', 'system:post:list', 'post'],
  [105, 1, 6, '字典管理', 'C', 'dict', 'system/dict/index', 'system:dict:list', 'dict'],
  [106, 1, 7, '参数设置', 'C', 'config', 'system/config/index', 'system:config:list', 'edit'],
  [107, 1, 8, '通知公告', 'C', 'notice', 'system/notice/index', 'system:notice:list', 'message'],
  [108, 1, 9, '日志管理', 'M', 'log', '', '', 'log'],
  [109, 2, 1, '在线用户', 'C', 'online', 'monitor/online/index', 'monitor:online:list', 'online'],
  [110, 2, 2, '定时任务', 'C', 'job', 'monitor/job/index', 'monitor:job:list', 'job'],
  [111, 2, 3, '数据监控', 'C', 'druid', 'monitor/druid/index', 'monitor:druid:list', 'druid'],
  [112, 2, 4, '服务监控', 'C', 'server', 'monitor/server/index', 'monitor:server:list', 'server'],
  [113, 2, 5, '缓存监控', 'C', 'cache', 'monitor/cache/index', 'monitor:cache:list', 'redis'],
  [114, 2, 6, '缓存列表', 'C', 'cacheList', 'monitor/cache/list', 'monitor:cache:list', 'redis-list'],
  [115, 3, 1, '表单构建', 'C', 'build', 'tool/build/index', 'tool:build:list', 'build'],
  [116, 3, 2, '代码生成', 'C', 'gen', 'tool/gen/index', 'tool:gen:list', 'code'],
  [117, 3, 3, '系统接口', 'C', 'swagger', 'tool/swagger/index', 'tool:swagger:list', 'swagger'],
  [500, 108, 1, '操作日志', 'C', 'operlog', 'monitor/operlog/index', 'monitor:operlog:list', 'form'],
  [501, 108, 2, '登录日志', 'C', 'logininfor', 'monitor/logininfor/index', 'monitor:logininfor:list', 'logininfor'],
  [1000, 100, 1, '用户查询', 'F', '', '', 'system:user:query', '#'],
  [1001, 100, 2, '用户新增', 'F', '', '', 'system:user:add', '#'],
  [1002, 100, 3, '用户修改', 'F', '', '', 'system:user:edit', '#'],
  [1003, 100, 4, '用户删除', 'F', '', '', 'system:user:remove', '#'],
  [1004, 100, 5, '用户导出', 'F', '', '', 'system:user:export', '#'],
  [1005, 100, 6, '用户导入', 'F', '', '', 'system:user:import', '#'],
  [1006, 100, 7, '重置密码', 'F', '', '', 'system:user:resetPwd', '#'],
  [1007, 101, 1, '角色查询', 'F', '', '', 'system:role:query', '#'],
  [1008, 101, 2, '角色新增', 'F', '', '', 'system:role:add', '#'],
  [1009, 101, 3, '角色修改', 'F', '', '', 'system:role:edit', '#'],
  [1010, 101, 4, '角色删除', 'F', '', '', 'system:role:remove', '#'],
  [1011, 101, 5, '角色导出', 'F', '', '', 'system:role:export', '#'],
  [1012, 102, 1, '菜单查询', 'F', '', '', 'system:menu:query', '#'],
  [1013, 102, 2, '菜单新增', 'F', '', '', 'system:menu:add', '#'],
  [1014, 102, 3, '菜单修改', 'F', '', '', 'system:menu:edit', '#'],
  [1015, 102, 4, '菜单删除', 'F', '', '', 'system:menu:remove', '#'],
  [1016, 103, 1, '部门查询', 'F', '', '', 'system:dept:query', '#'],
  [1017, 103, 2, '部门新增', 'F', '', '', 'system:dept:add', '#'],
  [1018, 103, 3, '部门修改', 'F', '', '', 'system:dept:edit', '#'],
  [1019, 103, 4, '部门删除', 'F', '', '', 'system:dept:remove', '#'],
  [1020, 104, 1, '岗位查询', 'F', '', '', 'system:post:query', '#'],
  [1021, 104, 2, '岗位新增', 'F', '', '', 'system:post:add', '#'],
  [1022, 104, 3, '岗位修改', 'F', '', '', 'system:post:edit', '#'],
  [1023, 104, 4, '岗位删除', 'F', '', '', 'system:post:remove', '#'],
  [1024, 104, 5, '岗位导出', 'F', '', '', 'system:post:export', '#'],
  [1025, 105, 1, '字典查询', 'F', '#', '', 'system:dict:query', '#'],
  [1026, 105, 2, '字典新增', 'F', '#', '', 'system:dict:add', '#'],
  [1027, 105, 3, '字典修改', 'F', '#', '', 'system:dict:edit', '#'],
  [1028, 105, 4, '字典删除', 'F', '#', '', 'system:dict:remove', '#'],
  [1029, 105, 5, '字典导出', 'F', '#', '', 'system:dict:export', '#'],
  [1030, 106, 1, '参数查询', 'F', '#', '', 'system:config:query', '#'],
  [1031, 106, 2, '参数新增', 'F', '#', '', 'system:config:add', '#'],
  [1032, 106, 3, '参数修改', 'F', '#', '', 'system:config:edit', '#'],
  [1033, 106, 4, '参数删除', 'F', '#', '', 'system:config:remove', '#'],
  [1034, 106, 5, '参数导出', 'F', '#', '', 'system:config:export', '#'],
  [1035, 107, 1, '公告查询', 'F', '#', '', 'system:notice:query', '#'],
  [1036, 107, 2, '公告新增', 'F', '#', '', 'system:notice:add', '#'],
  [1037, 107, 3, '公告修改', 'F', '#', '', 'system:notice:edit', '#'],
  [1038, 107, 4, '公告删除', 'F', '#', '', 'system:notice:remove', '#'],
  [1039, 500, 1, '操作查询', 'F', '#', '', 'monitor:operlog:query', '#'],
  [1040, 500, 2, '操作删除', 'F', '#', '', 'monitor:operlog:remove', '#'],
  [1041, 500, 3, '日志导出', 'F', '#', '', 'monitor:operlog:export', '#'],
  [1042, 501, 1, '登录查询', 'F', '#', '', 'monitor:logininfor:query', '#'],
  [1043, 501, 2, '登录删除', 'F', '#', '', 'monitor:logininfor:remove', '#'],
  [1044, 501, 3, '日志导出', 'F', '#', '', 'monitor:logininfor:export', '#'],
  [1045, 501, 4, '账户解锁', 'F', '#', '', 'monitor:logininfor:unlock', '#'],
  [1046, 109, 1, '在线查询', 'F', '#', '', 'monitor:online:query', '#'],
  [1047, 109, 2, '批量强退', 'F', '#', '', 'monitor:online:batchLogout', '#'],
  [1048, 109, 3, '单条强退', 'F', '#', '', 'monitor:online:forceLogout', '#'],
  [1049, 110, 1, '任务查询', 'F', '#', '', 'monitor:job:query', '#'],
  [1050, 110, 2, '任务新增', 'F', '#', '', 'monitor:job:add', '#'],
  [1051, 110, 3, '任务修改', 'F', '#', '', 'monitor:job:edit', '#'],
  [1052, 110, 4, '任务删除', 'F', '#', '', 'monitor:job:remove', '#'],
  [1053, 110, 5, '状态修改', 'F', '#', '', 'monitor:job:changeStatus', '#'],
  [1054, 110, 6, '任务导出', 'F', '#', '', 'monitor:job:export', '#'],
  [1055, 116, 1, '生成查询', 'F', '#', '', 'tool:gen:query', '#'],
  [1056, 116, 2, '生成修改', 'F', '#', '', 'tool:gen:edit', '#'],
  [1057, 116, 3, '生成删除', 'F', '#', '', 'tool:gen:remove', '#'],
  [1058, 116, 4, '导入代码', 'F', '#', '', 'tool:gen:import', '#'],
  [1059, 116, 5, '预览代码', 'F', '#', '', 'tool:gen:preview', '#'],
  [1060, 116, 6, '生成代码', 'F', '#', '', 'tool:gen:code', '#'],
];

const isExternalLink = (path: string) => /^https?:\/\//.test(path);

function remarkFor(name: string, type: Row[4], path: string): string {
  if (isExternalLink(path)) return `${name}地址`;
  if (type === 'M') return `${name}目录`;
  if (type === 'C') return `${name}菜单`;
  return '';
}

export const seedMenus: MenuSeed[] = rows.map(([menuId, parentId, orderNum, menuName, menuType, path, component, perms, icon]) => ({
  menuId,
  parentId,
  orderNum,
  menuName,
  menuType,
  path,
  component: component || null,
  perms: perms || null,
  icon,
  isFrame: isExternalLink(path) ? 0 : 1,
  query: '',
  remark: remarkFor(menuName, menuType, path),
}));
