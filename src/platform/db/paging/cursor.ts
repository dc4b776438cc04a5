// Keyset cursors. A cursor carries the last row's sort key and a fingerprint of the query it
// belongs to, signed with the service's secret: an altered cursor, or one taken from another
// query (other filters, sort, tenant, parent object), is refused with 400.

import { createHash, createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { badRequest } from '../../errors.ts';

export type SortKey = [unknown, unknown];

export class Cursors {
  // A KeyObject made once: createHmac with raw bytes would build one on every call.
  private readonly secret: KeyObject;
  constructor(secret: string) {
    this.secret = createSecretKey(Buffer.from(secret));
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 22);
  }

  /** A short, stable digest of everything that defines the query. */
  static fingerprint(parts: ReadonlyArray<unknown>): string {
    return createHash('sha1').update(JSON.stringify(parts)).digest('base64url').slice(0, 12);
  }

  encode(fingerprint: string, key: SortKey): string {
    const payload = Buffer.from(JSON.stringify([fingerprint, key])).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The sort key of a cursor issued for this query, or a 400 naming what is wrong with it. */
  decode(fingerprint: string, cursor: string): SortKey {
    const dot = cursor.indexOf('.');
    const payload = dot > 0 ? cursor.slice(0, dot) : '';
    const sig = dot > 0 ? cursor.slice(dot + 1) : '';
    const expected = this.sign(payload);
    if (!payload || sig.length !== expected.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) {
      throw badRequest('cursor is invalid: it was altered or not issued by this service');
    }
    const [fp, key] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [string, SortKey];
    if (fp !== fingerprint) throw badRequest('cursor belongs to another query (different path, filters or sort)');
    return key;
  }
}
