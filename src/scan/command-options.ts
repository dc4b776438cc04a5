// The options of `aispm scan` as the command line gives them, and its exit status for findings.

export const scanFormats = ['ndjson', 'sarif', 'cyclonedx'] as const;
export const failOnSeverities = ['low', 'medium', 'high', 'critical'] as const;

/** Exit status when a finding is at or above --fail-on (1 is a refused request, 2 a usage error). */
export const FINDINGS_EXIT = 3;

export interface ScanCommandOptions {
  host?: boolean;
  output?: string;
  format: (typeof scanFormats)[number];
  failOn?: (typeof failOnSeverities)[number];
  tenant?: string;
  workspace?: string;
  /** The deployment environment the scanned code runs in, set on its asset and agents. */
  environment?: string;
  verbose?: boolean;
  maxFileBytes?: number;
  maxFiles?: number;
  allFiles?: boolean;
}
