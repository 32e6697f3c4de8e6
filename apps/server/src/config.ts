import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_API_PREFIX } from '@acs/shared';
import { REPO_ROOT } from './paths';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  API_PREFIX: z.string().regex(/^\/[\w-]*$/, 'API_PREFIX must look like /prod-api').default(DEFAULT_API_PREFIX),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z.string().min(32, 'ENCRYPTION_KEY must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.stringbool().default(false),
  NODE_ENV: z.string().optional(),
  SWAGGER_ACCESS: z.enum(['public', 'permission'], 'SWAGGER_ACCESS must be public or permission').optional(),
  GEN_WRITE_TO_TREE: z.stringbool().default(false),
});

/** Every environment variable the server reads (deployment files are checked against it). */
export const ENV_KEYS = envSchema.keyof().options;

export interface AppConfig {
  port: number;
  host: string;
  apiPrefix: string;
  dataDir: string;
  uploadDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  webDist: string;
  jwtSecret: string;
  encryptionKey: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  /** Who may read the OpenAPI document: anyone, or sessions with tool:swagger:list (infra/swagger.ts). */
  swaggerAccess: 'public' | 'permission';
  /** 代码生成 may write generated files into the source tree (development only; always false in production). */
  genWriteToTree: boolean;
  /** The repository the generator writes into (tests point it at a temporary copy). */
  genRoot: string;
}

/**
 * Secrets that were not configured are generated once and kept in the data directory,
 * so a fresh install is never left with a well-known signing key.
 */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && e.GEN_WRITE_TO_TREE) throw new Error('Invalid configuration: GEN_WRITE_TO_TREE cannot be enabled in production');
  const dataDir = overrides.dataDir ?? path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    apiPrefix: e.API_PREFIX,
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    webDist: e.WEB_DIST,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt.key'),
    encryptionKey: e.ENCRYPTION_KEY ?? persistedSecret(dataDir, 'encryption.key'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    // A production install does not publish its API map to anonymous visitors unless told to.
    swaggerAccess: e.SWAGGER_ACCESS ?? (production ? 'permission' : 'public'),
    genRoot: REPO_ROOT,
    ...overrides,
    // A production server never writes source files, whatever the caller passed.
    genWriteToTree: !production && (overrides.genWriteToTree ?? e.GEN_WRITE_TO_TREE),
  };
}
