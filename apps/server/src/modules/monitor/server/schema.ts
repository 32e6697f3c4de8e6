import type { RuntimeInfo, ServerInfo } from '@acs/shared';

/** GET /monitor/server has no input; its wire shape is shared with the page (packages/shared monitor.ts). */
export type { RuntimeInfo, ServerInfo, SysFile } from '@acs/shared';
export type CpuInfo = ServerInfo['cpu'];
export type MemInfo = ServerInfo['mem'];
export type SysInfo = ServerInfo['sys'];
export type EventLoopDelay = RuntimeInfo['eventLoopDelay'];
