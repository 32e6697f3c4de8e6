import type { BusinessTypeValue } from '@acs/shared';

/**
 * What every API route must declare (checked at start-up in app.ts):
 * - 'anonymous': no login needed;
 * - 'authenticated': any valid session;
 * - { permission }: the session's permissions hold *:*:* or this string;
 * - { role }: the session's roles hold admin or this role.
 */
export type Access = 'anonymous' | 'authenticated' | { permission: string } | { role: string };

/** Marks a write endpoint whose calls go to sys_oper_log with the contract's title and business type. */
export interface OperLogSpec {
  title: string;
  businessType: BusinessTypeValue;
  /** The response carries a secret shown once (a connector key): the log keeps no copy of it. */
  omitResult?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    operLog?: OperLogSpec;
  }
}
