/** Client/server constants of the console specification §9. */
export const TOKEN_COOKIE = 'Admin-Token';
export const SETTINGS_STORAGE_KEY = 'layout-setting@v1';
export const DEFAULT_API_PREFIX = '/prod-api';
export const PRODUCT_TITLE = 'AI客服系统';

export const REQUEST_TIMEOUT_MS = 300_000;
export const CAPTCHA_TIMEOUT_MS = 20_000;
export const REPEAT_SUBMIT_WINDOW_MS = 2_000;
export const ERROR_TOAST_MS = 5_000;

export const DEFAULT_THEME = '#165EFF';
export const THEME_PRESETS = ['#165EFF', '#ff4500', '#ff8c00', '#ffd700', '#90ee90', '#00ced1', '#1e90ff', '#c71585'] as const;
export const SIDEBAR_WIDTH = 220;
export const MENU_BG = '#304156';
export const MENU_SUB_BG_DARK = '#1f2d3d';
export const SIDEBAR_WRAPPER_BLUE = '#2d5eb9';
export const STATUS_COLORS = { success: '#67c23a', danger: '#f56c6c', info: '#909399', warning: '#e6a23c' } as const;

export const MOBILE_BREAKPOINT = 992;
export const SETTINGS_DRAWER_WIDTH = 300;
export const TAG_SCROLL_MARGIN = 4;
export const SETTINGS_SAVE_DELAY_MS = 1_000;
export const FRAME_HEIGHT_OFFSET = 94.5;
export const MENU_TOOLTIP_MIN_CHARS = 5;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Wire times are China time. China has one time zone and no daylight saving: a fixed UTC+8 offset is exact. */
export const CHINA_UTC_OFFSET_MS = 8 * 3_600_000;

export const PAGE_DEFAULT = 1;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_OPTIONS = [30, 50, 100] as const;
export const PAGER_COUNT_MOBILE = 5;
export const PAGER_COUNT_DESKTOP = 7;
export const SCROLL_TOP_DURATION_MS = 800;

export const FILE_UPLOAD_DEFAULTS = { limit: 1, fileSizeMb: 5, fileType: ['xlsx', 'xls'] } as const;
export const IMAGE_UPLOAD_DEFAULTS = { limit: 5, fileSizeMb: 5, fileType: ['png', 'jpg', 'jpeg'] } as const;
export const IMAGE_PREVIEW_WIDTH = 800;
export const TOOLBAR_GUTTER = 10;

/** Sessions: 30-minute sliding expiry, refreshed when less than 20 minutes remain. */
export const SESSION_TTL_MS = 30 * 60_000;
export const SESSION_REFRESH_THRESHOLD_MS = 20 * 60_000;
export const CAPTCHA_TTL_MS = 2 * 60_000;
export const PASSWORD_MAX_RETRY = 5;
export const PASSWORD_LOCK_MS = 10 * 60_000;

export const DEFAULT_ROLE = 'ROLE_DEFAULT';
export const ALL_PERMISSION = '*:*:*';
export const SUPER_ADMIN_ROLE = 'admin';
