import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_KEYS, loadConfig } from '../../src/config';
import { REPO_ROOT } from '../../src/paths';
import { createTestApp, type TestApp } from '../helpers/app';
import { API } from '../ai/runtime/support';

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
// `merge`: the app services share their settings through a YAML anchor (`<<: *app`).
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const services = compose.services;
const APPS = ['app1', 'app2'];
const REQUIRED_ENV = ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'ENCRYPTION_KEY', 'TRUST_PROXY'];

/** Compose's `${NAME:?message}` / `${NAME}` replaced by a value long enough for any secret. */
const interpolate = (value: string) => value.replace(/\$\{(\w+)(:\?[^}]*)?\}/g, (_m, name: string) => `${name.toLowerCase()}-${'x'.repeat(40)}`);

/** The body of nginx's `location <match> { … }` block. */
function nginxLocation(conf: string, match: string): string {
  const start = conf.indexOf(`location ${match} {`);
  expect(start, `nginx location ${match}`).toBeGreaterThan(-1);
  return conf.slice(start, conf.indexOf('}', start));
}

describe('docker-compose.yml', () => {
  it('runs two app instances, PostgreSQL, Redis and a reverse proxy, each with a healthcheck', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'postgres', 'proxy', 'redis']);
    for (const [name, service] of Object.entries(services)) {
      expect(service.image ?? service.build, name).toBeTruthy();
      expect(service.healthcheck?.test.length, `${name} healthcheck`).toBeGreaterThan(0);
      // Third-party images are pinned to a version.
      if (!service.build) expect(service.image, name).toMatch(/:[\d.]+(-\w+)?$/);
    }
    for (const name of APPS) {
      expect(services[name].build).toBe('.');
      expect(services[name].healthcheck?.test.join(' ')).toContain(`${API}/health/ready`);
    }
  });

  it('starts each service after what it needs is healthy, and the second app after the first (it migrates)', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [target, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[target], `${name} depends on ${target}`).toBeDefined();
        expect(condition).toBe('service_healthy');
        expect(services[target].healthcheck).toBeDefined();
      }
    }
    for (const name of APPS) expect(Object.keys(services[name].depends_on ?? {})).toEqual(expect.arrayContaining(['postgres', 'redis']));
    expect(Object.keys(services.app2.depends_on ?? {})).toContain('app1');
    expect(Object.keys(services.proxy.depends_on ?? {}).sort()).toEqual(APPS);
  });

  it('sets only variables the server reads, every required one, with values its config accepts', () => {
    for (const name of APPS) {
      const env = services[name].environment ?? {};
      expect(ENV_KEYS).toEqual(expect.arrayContaining(Object.keys(env)));
      expect(Object.keys(env)).toEqual(expect.arrayContaining(REQUIRED_ENV));
      const config = loadConfig(Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v)])));
      expect(config.databaseUrl).toMatch(/^postgres:\/\/acs:.+@postgres:5432\/acs$/);
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.trustProxy).toBe(true);
    }
    // Both instances sign and encrypt with the same secrets.
    expect(services.app1.environment).toEqual(services.app2.environment);
  });

  it('shares the upload directory between the instances and declares every named volume', () => {
    for (const name of APPS) expect(services[name].volumes).toContain('uploads:/app/data/uploads');
    const named = Object.values(services)
      .flatMap((s) => s.volumes ?? [])
      .map((v) => v.split(':')[0])
      .filter((source) => !source.startsWith('.'));
    expect(Object.keys(compose.volumes).sort()).toEqual([...new Set(named)].sort());
  });

  it('mounts an nginx config whose upstream lists the app instances', () => {
    const mount = (services.proxy.volumes ?? []).find((v) => v.includes('nginx.conf')) ?? '';
    const file = mount.split(':')[0];
    expect(existsSync(path.join(REPO_ROOT, file)), file).toBe(true);
    const conf = read(file);
    for (const name of APPS) expect(conf).toContain(`server ${name}:8080`);
  });
});

describe('deploy/nginx.conf', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  const conf = read('deploy/nginx.conf');

  it('passes the event streams through unbuffered and keeps them open', () => {
    for (const [match, route] of [
      [`${API}/chat/`, `${API}/chat/stream`],
      [`= ${API}/ai/conversation/stream`, `${API}/ai/conversation/stream`],
    ]) {
      expect(t.app.hasRoute({ method: 'GET', url: route }), route).toBe(true);
      const block = nginxLocation(conf, match);
      expect(block).toContain('proxy_buffering off;');
      expect(block).toMatch(/proxy_read_timeout \d+h;/);
    }
    expect(conf).toContain('proxy_http_version 1.1;');
  });

  it('forwards the client address it saw itself, never one the client sent', () => {
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(conf).toContain('proxy_set_header X-Real-IP $remote_addr;');
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
    expect(conf).not.toContain('$http_x_forwarded_for');
  });
});

describe('Dockerfile and .dockerignore', () => {
  it('runs the compiled server, probes readiness and keeps local state out of the build context', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toContain('RUN npm run build');
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(dockerfile).toMatch(/^CMD \["node", "--enable-source-maps", "apps\/server\/dist\/main\.js"\]$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/health\/ready/);
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', 'data', '.env', '.git']));
  });
});
