import { Code } from '@acs/shared';

/**
 * A business failure reported to the client as `{code, msg}` with HTTP 200.
 * Thrown (rather than returned) so operation logs can record it as a failure.
 */
export class ServiceError extends Error {
  constructor(message: string, readonly code: number = Code.ERROR) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const warnError = (message: string) => new ServiceError(message, Code.WARN);
