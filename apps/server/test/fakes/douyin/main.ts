import { FAKE_DOUYIN_ACCOUNT, startFakeDouyin } from './server';

/**
 * `npm run fake:douyin -w @acs/server` (port from PORT or the first argument, default 4610): a local Douyin
 * Open Platform for manual runs and demos. Credentials from DOUYIN_CLIENT_KEY / DOUYIN_CLIENT_SECRET, else the
 * fake's defaults. Ctrl-C stops it.
 */
const port = Number(process.argv[2] ?? process.env.PORT ?? 4610);
const fake = await startFakeDouyin({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  clientKey: process.env.DOUYIN_CLIENT_KEY || undefined,
  clientSecret: process.env.DOUYIN_CLIENT_SECRET || undefined,
});

process.stdout.write(
  [
    `Fake Douyin Open Platform on ${fake.baseUrl}`,
    `  client key:    ${fake.clientKey}`,
    `  client secret: ${fake.clientSecret}`,
    `  account:       ${FAKE_DOUYIN_ACCOUNT}`,
    `  control:       GET ${fake.baseUrl}/_fake/messages · POST /_fake/push {"url","from","text"} · /_fake/fail {"mode","count","target"} · /_fake/revoke · /_fake/advance {"seconds"} · /_fake/reset`,
    '',
  ].join('\n'),
);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
