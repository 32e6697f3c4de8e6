import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope';
import { ServiceError } from './errors';
import { transportErrorMessage } from './transport-errors';

const INTERNAL_ERROR_MESSAGE = '系统内部错误，请联系管理员';

/** First human-readable message of a validation failure, as the contract's `{code:500,msg}`. */
function validationMessage(err: { validation?: unknown; message: string }): string {
  const v = err.validation;
  if (Array.isArray(v) && v.length > 0) {
    const first = v[0] as { message?: string };
    if (first.message) return first.message;
  }
  return err.message;
}

/**
 * Every failure as the contract's envelope with HTTP 200 (RuoYi style): business errors with their
 * own message, the client's mistakes (validation, URL, body, content type) with a Chinese one, and
 * anything else as an internal error, the only kind logged as an error.
 */
function answerError(err: FastifyError | ServiceError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ServiceError) return reply.status(200).send(fail(err.message, err.code));
  if (err.validation) return reply.status(200).send(fail(validationMessage(err)));
  const message = transportErrorMessage(err, request);
  if (message !== null) {
    request.log.info({ code: err.code, statusCode: err.statusCode }, 'client error');
    return reply.status(200).send(fail(message));
  }
  request.log.error({ err }, 'unhandled error');
  return reply.status(200).send(fail(INTERNAL_ERROR_MESSAGE));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

/** Fastify's `frameworkErrors` option: failures before routing (a URL that does not decode). */
export const frameworkErrors = (err: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  void answerError(err, request, reply);
};
