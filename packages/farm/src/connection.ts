/**
 * The farm's Redis URL: redis://[user:password@]host[:port][/db] or rediss://... (TLS). The password
 * is passed to ioredis and never printed (redactUrl).
 *
 * TLS files (rediss:// only), each from the URL or else from the environment:
 *   ?ca=FILE        $KFORGE_FARM_TLS_CA     the CA that signed the server's certificate (a private CA)
 *   ?cert=FILE      $KFORGE_FARM_TLS_CERT   a client certificate (Redis with tls-auth-clients yes)
 *   ?cert_key=FILE  $KFORGE_FARM_TLS_KEY    its private key
 * The environment suits a URL shared by every host while the files' paths differ per host.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { InputError } from '@kforge/ir';
import type { RedisOptions } from 'ioredis';

const TLS_FILES = { ca: 'KFORGE_FARM_TLS_CA', cert: 'KFORGE_FARM_TLS_CERT', cert_key: 'KFORGE_FARM_TLS_KEY' } as const;

export function redisOptions(url: string, env: NodeJS.ProcessEnv = process.env): RedisOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new InputError(`farm: --queue '${redactUrl(url)}' is not a URL such as redis://host:6379`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new InputError(`farm: --queue must be redis:// or rediss://, got '${u.protocol}'`);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new InputError(`farm: --queue: database '${u.pathname.slice(1)}' is not a number`);
  for (const k of u.searchParams.keys()) {
    if (!Object.hasOwn(TLS_FILES, k)) throw new InputError(`farm: --queue: unknown option '${k}' (known: ${Object.keys(TLS_FILES).join(', ')})`);
    if (u.protocol !== 'rediss:') throw new InputError(`farm: --queue: ?${k}= is a TLS option: use rediss://`);
  }
  let tls: RedisOptions['tls'];
  if (u.protocol === 'rediss:') {
    const files: Record<string, Buffer> = {};
    for (const [k, envName] of Object.entries(TLS_FILES)) {
      const path = u.searchParams.get(k) ?? env[envName];
      if (!path) continue;
      try {
        files[k] = readFileSync(path);
      } catch (e) {
        throw new InputError(`farm: cannot read the TLS file '${path}' (${u.searchParams.has(k) ? `?${k}=` : `$${envName}`}): ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
      }
    }
    if (!!files.cert !== !!files.cert_key) throw new InputError('farm: a TLS client certificate needs both ?cert= and ?cert_key= (or $KFORGE_FARM_TLS_CERT and $KFORGE_FARM_TLS_KEY)');
    tls = {
      // SNI takes a host name, never an address; the certificate is checked against either
      ...(isIP(u.hostname) ? {} : { servername: u.hostname }),
      ...(files.ca ? { ca: files.ca } : {}),
      ...(files.cert ? { cert: files.cert, key: files.cert_key } : {}),
    };
  }
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    db,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(tls ? { tls } : {}),
    // BullMQ's workers block on Redis: a command must wait through a reconnect instead of failing
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
  };
}

/** The URL with its password replaced, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
}
