/**
 * The farm's Redis URL: redis://[user:password@]host[:port][/db] or rediss://... (TLS). The password
 * is passed to ioredis and never printed (redactUrl).
 */
import { readFileSync } from 'node:fs';
import { InputError } from '@kforge/ir';
import type { RedisOptions } from 'ioredis';

export function redisOptions(url: string): RedisOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new InputError(`farm: --queue '${redactUrl(url)}' is not a URL such as redis://host:6379`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new InputError(`farm: --queue must be redis:// or rediss://, got '${u.protocol}'`);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new InputError(`farm: --queue: database '${u.pathname.slice(1)}' is not a number`);
  const ca = u.searchParams.get('ca');
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    db,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: { servername: u.hostname, ...(ca ? { ca: readFileSync(ca) } : {}) } } : {}),
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
