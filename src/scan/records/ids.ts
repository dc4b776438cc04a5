// Stable ids. Every object a scan reports belongs to the asset it was found on (a repository, or a
// host), and its id is a hash of that asset and what names it within the asset: a fact's ref (its
// path and declared name), a model's id as written, a location's path and span. The same tree
// scanned again gives the same ids, so the second scan updates the first one's objects; the same
// code in two repositories gives two objects, each with its own locations and findings.

import { createHash } from 'node:crypto';

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/** `<kind>-<20 hex>`: readable as to its kind, opaque otherwise. */
export function objectId(assetId: string, kind: string, key: string): string {
  return `${kind.replaceAll('_', '-')}-${hash(assetId, kind, key).slice(0, 20)}`;
}

export { repositoryAssetId } from '../../catalog/repositories.ts';

export function hostAssetId(hostname: string): string {
  return `asset-${hash(`host:${hostname.toLowerCase()}`).slice(0, 20)}`;
}

export function findingId(assetId: string, ruleId: string, objectKey: string, discriminator: string): string {
  return `finding-${hash(assetId, ruleId, objectKey, discriminator).slice(0, 24)}`;
}

/** Unique per run: the asset, then the start time (so they sort by time), then randomness. */
export function scanId(assetId: string, startedAt: number, nonce: string): string {
  return `scan-${assetId.slice(6, 14)}-${startedAt.toString(36)}-${nonce}`;
}
