-- Installs seeded before the AI area existed get its menus once, granted to 普通角色 (role 2) as the
-- seed grants it every menu. A new install has no users yet when this runs: it inserts nothing and the
-- seed adds the menus itself. An install whose own menus already took ids of the range (the identity
-- starts at 2000) is left alone rather than mixing trees; its admin adds the menus in 菜单管理.
with added as (
insert into sys_menu (menu_id, menu_name, parent_id, order_num, path, component, query, is_frame, menu_type, perms, icon, remark, create_by, create_time)
select v.*, 'admin', now()
from (values
  (2000, 'AI客服', 0, 0, 'ai', null, '', 1, 'M', null, 'robot', 'AI客服目录'),
  (2001, 'AI客服列表', 2000, 1, 'agent', 'ai/agent/index', '', 1, 'C', 'ai:agent:list', 'customer-service', 'AI客服列表菜单'),
  (2002, '在线会话', 2000, 2, 'conversation', 'ai/conversation/index', '', 1, 'C', 'ai:conversation:list', 'chat', '在线会话菜单'),
  (2003, '变量管理', 2000, 3, 'variable', 'ai/variable/index', '', 1, 'C', 'ai:variable:list', 'variable', '变量管理菜单'),
  (2004, '模型配置', 2000, 4, 'model', 'ai/model/index', '', 1, 'C', 'ai:model:list', 'skill', '模型配置菜单'),
  (2010, '客服查询', 2001, 1, '#', null, '', 1, 'F', 'ai:agent:query', '#', ''),
  (2011, '客服新增', 2001, 2, '#', null, '', 1, 'F', 'ai:agent:add', '#', ''),
  (2012, '客服修改', 2001, 3, '#', null, '', 1, 'F', 'ai:agent:edit', '#', ''),
  (2013, '客服删除', 2001, 4, '#', null, '', 1, 'F', 'ai:agent:remove', '#', ''),
  (2014, '发布停用', 2001, 5, '#', null, '', 1, 'F', 'ai:agent:publish', '#', ''),
  (2015, '回复管理', 2001, 6, '#', null, '', 1, 'F', 'ai:agent:reply', '#', ''),
  (2016, '调试对话', 2001, 7, '#', null, '', 1, 'F', 'ai:agent:debug', '#', ''),
  (2020, '会话查询', 2002, 1, '#', null, '', 1, 'F', 'ai:conversation:query', '#', ''),
  (2021, '接管回复', 2002, 2, '#', null, '', 1, 'F', 'ai:conversation:reply', '#', ''),
  (2022, '会话导出', 2002, 3, '#', null, '', 1, 'F', 'ai:conversation:export', '#', ''),
  (2030, '变量查询', 2003, 1, '#', null, '', 1, 'F', 'ai:variable:query', '#', ''),
  (2031, '变量新增', 2003, 2, '#', null, '', 1, 'F', 'ai:variable:add', '#', ''),
  (2032, '变量修改', 2003, 3, '#', null, '', 1, 'F', 'ai:variable:edit', '#', ''),
  (2033, '变量删除', 2003, 4, '#', null, '', 1, 'F', 'ai:variable:remove', '#', ''),
  (2034, '变量导出', 2003, 5, '#', null, '', 1, 'F', 'ai:variable:export', '#', ''),
  (2040, '模型查询', 2004, 1, '#', null, '', 1, 'F', 'ai:model:query', '#', ''),
  (2041, '模型新增', 2004, 2, '#', null, '', 1, 'F', 'ai:model:add', '#', ''),
  (2042, '模型修改', 2004, 3, '#', null, '', 1, 'F', 'ai:model:edit', '#', ''),
  (2043, '模型删除', 2004, 4, '#', null, '', 1, 'F', 'ai:model:remove', '#', '')
) as v(menu_id, menu_name, parent_id, order_num, path, component, query, is_frame, menu_type, perms, icon, remark)
where exists (select 1 from sys_user)
  and not exists (select 1 from sys_menu where menu_id between 2000 and 2043)
returning menu_id
)
insert into sys_role_menu (role_id, menu_id)
select 2, added.menu_id from added
where exists (select 1 from sys_role where role_id = 2);
--> statement-breakpoint
select setval(pg_get_serial_sequence('sys_menu', 'menu_id'), (select max(menu_id) from sys_menu))
where exists (select 1 from sys_menu where menu_id >= 2000);
