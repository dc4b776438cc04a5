// One scan's worth of work: a repository (or a directory outside any), or a host's client
// configurations, with what was learnt of it. `aispm scan` sends one scan record per unit.

import type { Facts } from './facts.ts';
import type { CiInfo } from './repo/ci.ts';

export interface ScanUnit {
  kind: 'repository' | 'directory' | 'host';
  /** Absolute path of what was walked (the home directory for a host); never sent. */
  root: string;
  /** The asset the scan covers. */
  assetId: string;
  /** The asset's name: the repository's remote, the directory's name, or the host name. */
  name: string;
  hostname: string;
  /** Canonical remote of the repository, where there is one. */
  repository: string | null;
  branch: string | null;
  commit: string | null;
  ci: CiInfo;
  /** Prefix of the repository's top to the root (`packages/agent/`), so locations are repository paths. */
  pathPrefix: string;
  facts: Facts;
  files: number;
  bytes: number;
  startedAt: number;
  finishedAt: number;
  /** Whether code files went through a code analyser. */
  codeAnalyzed: boolean;
}
