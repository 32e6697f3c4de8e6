/**
 * Wire shapes of the user object cached in a session and returned by GET /getInfo
 * (RuoYi's SysUser with its dept and roles). Dates are already `yyyy-MM-dd HH:mm:ss` strings
 * because the session store keeps JSON.
 */
export interface SessionDept {
  deptId: number;
  parentId: number;
  ancestors: string;
  deptName: string;
  orderNum: number;
  leader: string | null;
  phone: string | null;
  email: string | null;
  status: string;
  delFlag: string;
  parentName: null;
  children: [];
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SessionRole {
  roleId: number;
  roleName: string;
  roleKey: string;
  roleSort: number;
  dataScope: string;
  menuCheckStrictly: boolean;
  deptCheckStrictly: boolean;
  status: string;
  delFlag: string;
  flag: boolean;
  menuIds: null;
  deptIds: null;
  /** The role's own menu permissions (normal, non-admin roles only); data scope reads them. */
  permissions: string[] | null;
  admin: boolean;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  remark: string | null;
}

export interface SessionUser {
  userId: number;
  deptId: number | null;
  userName: string;
  nickName: string;
  userType: string;
  email: string;
  phonenumber: string;
  sex: string;
  avatar: string;
  status: string;
  delFlag: string;
  loginIp: string;
  loginDate: string | null;
  pwdUpdateDate: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  remark: string | null;
  dept: SessionDept | null;
  roles: SessionRole[];
  roleIds: null;
  postIds: null;
  roleId: null;
  admin: boolean;
}

/** What `login_tokens:<tokenId>` holds (RuoYi's LoginUser). Times are epoch milliseconds. */
export interface LoginSession {
  tokenId: string;
  userId: number;
  userName: string;
  deptId: number | null;
  deptName: string;
  permissions: string[];
  roles: string[];
  loginTime: number;
  expireTime: number;
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
  user: SessionUser;
}
