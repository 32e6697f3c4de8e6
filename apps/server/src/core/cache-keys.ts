/** Key prefixes of the contract §6, shared by every store user so the cache monitor can list them. */
export const CacheKey = {
  LOGIN_TOKENS: 'login_tokens:',
  SYS_CONFIG: 'sys_config:',
  SYS_DICT: 'sys_dict:',
  CAPTCHA_CODES: 'captcha_codes:',
  REPEAT_SUBMIT: 'repeat_submit:',
  RATE_LIMIT: 'rate_limit:',
  PWD_ERR_CNT: 'pwd_err_cnt:',
  /** Token ids of one user's sessions, so per-user refresh and force-logout avoid scanning. */
  USER_SESSIONS: 'user_sessions:',
} as const;
