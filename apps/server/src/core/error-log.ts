import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers } from 'pino';

/**
 * What a log may keep of a database error: the SQLSTATE and where it happened. The detail (`Key
 * (user_name)=(admin) already exists`), hint and internal query can quote stored values.
 */
const SAFE_DATABASE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine', 'position'] as const;

/** The deepest cause chain followed; real chains are two or three long. */
const MAX_CAUSES = 8;

interface DatabaseError extends Error {
  code: string;
  severity: string;
}

/** node-postgres and PGlite both raise pg-protocol's DatabaseError. */
function isDatabaseError(err: unknown): err is DatabaseError {
  const e = err as Partial<DatabaseError> | null;
  return err instanceof Error && typeof e?.code === 'string' && typeof e.severity === 'string';
}

const isQueryError = (err: unknown) => err instanceof DrizzleQueryError || isDatabaseError(err);

function causeOf(err: Error): Error | undefined {
  return err.cause instanceof Error ? err.cause : undefined;
}

function involvesQuery(err: Error): boolean {
  let e: Error | undefined = err;
  for (let i = 0; e && i < MAX_CAUSES; i++, e = causeOf(e)) if (isQueryError(e)) return true;
  return false;
}

/** PostgreSQL quotes the offending input in its messages (`invalid input syntax for type date: "…"`). */
const maskQuoted = (text: string) => text.replace(/"[^"]*"/g, '"…"');

/** The stack's frames without its first line, which repeats the message (values included). */
function framesOf(err: Error): string {
  const stack = err.stack ?? '';
  const at = stack.indexOf('\n    at ');
  return at === -1 ? '' : stack.slice(at);
}

interface SafeError {
  type: string;
  message: string;
  stack: string;
  cause?: SafeError;
  [field: string]: unknown;
}

function describe(err: Error, depth = 0): SafeError {
  const type = err.constructor.name;
  const cause = causeOf(err);
  const safeCause = cause && depth < MAX_CAUSES ? { cause: describe(cause, depth + 1) } : {};
  let message = err.message;
  let fields: Record<string, unknown> = {};
  if (err instanceof DrizzleQueryError) {
    message = `Failed query: ${err.query}`;
    fields = { query: err.query };
  } else if (isDatabaseError(err)) {
    message = maskQuoted(err.message);
    fields = Object.fromEntries(SAFE_DATABASE_FIELDS.filter((f) => f in err).map((f) => [f, (err as unknown as Record<string, unknown>)[f]]));
  }
  return { type, message, stack: `${type}: ${message}${framesOf(err)}`, ...fields, ...safeCause };
}

/**
 * pino's `err` serializer, except that a failed query is logged by its SQL text and SQLSTATE: never
 * with the bound parameter values, which are users' data (passwords, phone numbers).
 */
export function serializeError(err: Error): SafeError | ReturnType<typeof stdSerializers.err> {
  return involvesQuery(err) ? describe(err) : stdSerializers.err(err);
}

/** The message of an error as it may be stored or shown (operation log): no query parameter values. */
export function loggableMessage(err: Error): string {
  if (!involvesQuery(err)) return err.message;
  const parts: string[] = [];
  for (let e: SafeError | undefined = describe(err); e; e = e.cause) parts.push(e.message);
  return parts.join(': ');
}
