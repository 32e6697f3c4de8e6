import type { sysDictData, sysDictType } from '../schema';

type DictTypeSeed = Pick<typeof sysDictType.$inferInsert, 'dictId' | 'dictName' | 'dictType' | 'remark'>;
type DictDataSeed = Pick<
  typeof sysDictData.$inferInsert,
  'dictCode' | 'dictSort' | 'dictLabel' | 'dictValue' | 'dictType' | 'cssClass' | 'listClass' | 'isDefault' | 'remark'
>;

export const seedDictTypes: DictTypeSeed[] = [
  { dictId: 1, dictName: '用户性别', dictType: 'sys_user_sex', remark: '用户性别列表' },
  { dictId: 2, dictName: '菜单状态', dictType: 'sys_show_hide', remark: '菜单状态列表' },
  { dictId: 3, dictName: '系统开关', dictType: 'sys_normal_disable', remark: '系统开关列表' },
  { dictId: 4, dictName: '任务状态', dictType: 'sys_job_status', remark: '任务状态列表' },
  { dictId: 5, dictName: '任务分组', dictType: 'sys_job_group', remark: '任务分组列表' },
  { dictId: 6, dictName: '系统是否', dictType: 'sys_yes_no', remark: '系统是否列表' },
  { dictId: 7, dictName: '通知类型', dictType: 'sys_notice_type', remark: '通知类型列表' },
  { dictId: 8, dictName: '通知状态', dictType: 'sys_notice_status', remark: '通知状态列表' },
  { dictId: 9, dictName: '操作类型', dictType: 'sys_oper_type', remark: '操作类型列表' },
  { dictId: 10, dictName: '系统状态', dictType: 'sys_common_status', remark: '登录状态列表' },
];

/** [dictCode, dictSort, label, value, listClass, isDefault, remark] — listClass '' renders as plain text. */
type Entry = [number, number, string, string, string, 'Y' | 'N', string];

const entriesByType: Record<string, Entry[]> = {
  sys_user_sex: [
    [1, 1, '男', '0', '', 'Y', '性别男'],
    [2, 2, '女', '1', '', 'N', '性别女'],
    [3, 3, '未知', '2', '', 'N', '性别未知'],
  ],
  sys_show_hide: [
    [4, 1, '显示', '0', 'primary', 'Y', '显示菜单'],
    [5, 2, '隐藏', '1', 'danger', 'N', '隐藏菜单'],
  ],
  sys_normal_disable: [
    [6, 1, '正常', '0', 'primary', 'Y', '正常状态'],
    [7, 2, '停用', '1', 'danger', 'N', '停用状态'],
  ],
  sys_job_status: [
    [8, 1, '正常', '0', 'primary', 'Y', '正常状态'],
    [9, 2, '暂停', '1', 'danger', 'N', '停用状态'],
  ],
  sys_job_group: [
    [10, 1, '默认', 'DEFAULT', '', 'Y', '默认分组'],
    [11, 2, '系统', 'SYSTEM', '', 'N', '系统分组'],
  ],
  sys_yes_no: [
    [12, 1, '是', 'Y', 'primary', 'Y', '系统默认是'],
    [13, 2, '否', 'N', 'danger', 'N', '系统默认否'],
  ],
  sys_notice_type: [
    [14, 1, '通知', '1', 'warning', 'Y', '通知'],
    [15, 2, '公告', '2', 'success', 'N', '公告'],
  ],
  sys_notice_status: [
    [16, 1, '正常', '0', 'primary', 'Y', '正常状态'],
    [17, 2, '关闭', '1', 'danger', 'N', '关闭状态'],
  ],
  sys_oper_type: [
    [18, 99, '其他', '0', 'info', 'N', '其他操作'],
    [19, 1, '新增', '1', 'info', 'N', '新增操作'],
    [20, 2, '修改', '2', 'info', 'N', '修改操作'],
    [21, 3, '删除', '3', 'danger', 'N', '删除操作'],
    [22, 4, '授权', '4', 'primary', 'N', '授权操作'],
    [23, 5, '导出', '5', 'warning', 'N', '导出操作'],
    [24, 6, '导入', '6', 'warning', 'N', '导入操作'],
    [25, 7, '强退', '7', 'danger', 'N', '强退操作'],
    [26, 8, '生成代码', '8', 'warning', 'N', '生成操作'],
    [27, 9, '清空数据', '9', 'danger', 'N', '清空操作'],
  ],
  sys_common_status: [
    [28, 1, '成功', '0', 'primary', 'N', '正常状态'],
    [29, 2, '失败', '1', 'danger', 'N', '停用状态'],
  ],
};

export const seedDictData: DictDataSeed[] = Object.entries(entriesByType).flatMap(([dictType, entries]) =>
  entries.map(([dictCode, dictSort, dictLabel, dictValue, listClass, isDefault, remark]) => ({
    dictCode, dictSort, dictLabel, dictValue, dictType, cssClass: '', listClass, isDefault, remark,
  })),
);
