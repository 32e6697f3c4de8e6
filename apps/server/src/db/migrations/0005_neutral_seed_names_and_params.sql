-- Installs seeded with RuoYi's branding get this product's neutral names. Only a row still holding the
-- old seed value changes, so a name an admin chose stays; ids and usernames stay for RuoYi clients.
update sys_user set nick_name = '管理员' where user_id = 1 and user_name = 'admin' and nick_name = '若依';
--> statement-breakpoint
update sys_user set nick_name = '测试员' where user_id = 2 and user_name = 'ry' and nick_name = '若依';
--> statement-breakpoint
update sys_dept set dept_name = '示例科技' where dept_id = 100 and dept_name = '若依科技';
--> statement-breakpoint
update sys_dept set leader = '管理员' where dept_id between 100 and 109 and leader = '若依';
--> statement-breakpoint
-- RuoYi's two release notices, unless edited; their read marks go with them.
with removed as (
  delete from sys_notice
  where (notice_id, notice_title, notice_content) in (
    (1, '温馨提醒：2018-07-01 若依新版本发布啦', '新版本内容'),
    (2, '维护通知：2018-07-01 若依系统凌晨维护', '维护内容')
  )
  returning notice_id
)
delete from sys_notice_read where notice_id in (select notice_id from removed);
--> statement-breakpoint
-- The external link to RuoYi's site, unless re-pointed or given children.
with removed as (
  delete from sys_menu
  where menu_id = 4 and menu_name = '若依官网' and path = 'http://ruoyi.vip'
    and not exists (select 1 from sys_menu child where child.parent_id = 4)
  returning menu_id
)
delete from sys_role_menu where menu_id in (select menu_id from removed);
--> statement-breakpoint
-- New built-in parameters, once per key. A new install has no users yet: the seed adds them itself.
insert into sys_config (config_name, config_key, config_value, remark, config_type, create_by, create_time)
select v.*, 'Y', 'admin', now()
from (values
  ('模型配置-允许访问内网地址', 'ai.model.allowPrivateNetwork', 'false',
   '模型配置的测试连接与模型列表是否可以访问本机和内网地址（true允许，false禁止）；链路本地与云元数据地址始终禁止'),
  ('导入-单次最大行数', 'sys.import.maxRows', '5000', '一次Excel导入最多读取的数据行数，超过时拒绝导入')
) as v(config_name, config_key, config_value, remark)
where exists (select 1 from sys_user)
  and not exists (select 1 from sys_config c where c.config_key = v.config_key);
