import type { sysConfig } from '../schema';

type ConfigSeed = Pick<typeof sysConfig.$inferInsert, 'configId' | 'configName' | 'configKey' | 'configValue' | 'remark'>;

/** All built-in (config_type 'Y'): they cannot be deleted from the parameter screen. */
export const seedConfigs: ConfigSeed[] = [
  {
    configId: 1, configName: '主框架页-默认皮肤样式名称', configKey: 'sys.index.skinName', configValue: 'skin-blue',
    remark: '蓝色 skin-blue、绿色 skin-green、紫色 skin-purple、红色 skin-red、黄色 skin-yellow',
  },
  { configId: 2, configName: '用户管理-账号初始密码', configKey: 'sys.user.initPassword', configValue: '123456', remark: '初始化密码 123456' },
  {
    configId: 3, configName: '主框架页-侧边栏主题', configKey: 'sys.index.sideTheme', configValue: 'theme-dark',
    remark: '深色主题theme-dark，浅色主题theme-light',
  },
  {
    configId: 4, configName: '账号自助-验证码开关', configKey: 'sys.account.captchaEnabled', configValue: 'true',
    remark: '是否开启验证码功能（true开启，false关闭）',
  },
  {
    configId: 5, configName: '账号自助-是否开启用户注册功能', configKey: 'sys.account.registerUser', configValue: 'false',
    remark: '是否开启注册用户功能（true开启，false关闭）',
  },
  {
    configId: 6, configName: '用户登录-黑名单列表', configKey: 'sys.login.blackIPList', configValue: '',
    remark: '设置登录IP黑名单限制，多个匹配项以;分隔，支持匹配（*通配、网段）',
  },
  {
    configId: 7, configName: '用户管理-初始密码修改策略', configKey: 'sys.account.initPasswordModify', configValue: '1',
    remark: '0：初始密码修改策略关闭，没有任何提示；1：提醒用户，如果未修改初始密码，则在登录时弹出修改密码对话框',
  },
  {
    configId: 8, configName: '用户管理-账号密码更新周期', configKey: 'sys.account.passwordValidateDays', configValue: '0',
    remark: '密码更新周期（天数，0为不限制；修改时须为大于0且小于365的整数），超过周期登录时弹出修改密码对话框',
  },
  {
    configId: 9, configName: '用户管理-密码字符范围', configKey: 'sys.account.chrtype', configValue: '0',
    remark: '默认任意字符范围，0任意（密码可以输入任意字符），1数字（密码只能为0-9数字），2英文字母（密码只能为a-z和A-Z字母），3字母和数字（密码必须包含字母，数字），4字母数字和特殊字符（目前支持的特殊字符包括：~!@#$%^&*()-=_+）',
  },
  {
    configId: 10, configName: '模型配置-允许访问内网地址', configKey: 'ai.model.allowPrivateNetwork', configValue: 'false',
    remark: '模型配置的测试连接与模型列表是否可以访问本机和内网地址（true允许，false禁止）；链路本地与云元数据地址始终禁止',
  },
  { configId: 11, configName: '导入-单次最大行数', configKey: 'sys.import.maxRows', configValue: '5000', remark: '一次Excel导入最多读取的数据行数，超过时拒绝导入' },
  { configId: 12, configName: '客户留资-每日领取上限', configKey: 'crm.lead.claimDailyCap', configValue: '20', remark: '每位员工每天最多可从公海领取的线索数' },
  {
    configId: 13, configName: '客户留资-重复线索时间窗（小时）', configKey: 'crm.lead.duplicateWindowHours', configValue: '72',
    remark: '同一客户在该时间内已有跟进中的线索时，新线索标记为重复并关联到原线索；0表示不检测',
  },
];
