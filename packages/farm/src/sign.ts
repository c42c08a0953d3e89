/**
 * Job signatures: HMAC-SHA256 over the canonical JSON of a job's payload, with a key shared by the
 * coordinator and the agents. An agent runs a build and a binary named by the job, so it must know
 * the job came from someone holding the key and was not changed on the way (Redis is not trusted).
 * The key is never printed: errors name where it was looked for, never its bytes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { InputError } from '@kforge/ir';
import { canonicalJson } from '@kforge/autotune';

export const KEY_ENV = 'KFORGE_FARM_KEY';
export const KEY_FILE_ENV = 'KFORGE_FARM_KEY_FILE';

/** The farm key: --key-file FILE, else $KFORGE_FARM_KEY_FILE, else $KFORGE_FARM_KEY (at least 16 bytes). */
export function farmKey(keyFile?: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const file = keyFile ?? env[KEY_FILE_ENV];
  let key: Buffer;
  if (file) {
    try {
      key = Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
    } catch (e) {
      throw new InputError(`farm: cannot read the key file '${file}': ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
    }
  } else if (env[KEY_ENV]) {
    key = Buffer.from(env[KEY_ENV]!, 'utf8');
  } else {
    throw new InputError(`farm: no signing key: set ${KEY_ENV}, or ${KEY_FILE_ENV} / --key-file to a file holding it (the same for coordinator and agents)`);
  }
  if (key.length < 16) throw new InputError('farm: the signing key is shorter than 16 bytes');
  return key;
}

export function signPayload(payload: unknown, key: Buffer): string {
  return createHmac('sha256', key).update(canonicalJson(payload)).digest('hex');
}

/** undefined when the signature is present and right; else why the job is refused. */
export function checkSignature(payload: unknown, sig: unknown, key: Buffer): string | undefined {
  if (typeof sig !== 'string' || !sig) return 'it is unsigned';
  const want = Buffer.from(signPayload(payload, key), 'hex');
  const got = Buffer.from(sig, 'hex');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return 'its signature does not match (the job was altered, or signed with another key)';
  return undefined;
}
