// What the CLI's queries read (clients of a running service, docs/CLIENT.md); never the service.

import { setting, url } from './setting.ts';

export const clientSettings = {
  url: setting({
    env: 'AISPM_URL',
    type: 'string',
    default: 'http://127.0.0.1:8080',
    check: url('an http:// or https:// URL', /^https?:\/\/[^/]/),
    doc: 'The service the query commands (and `aispm mcp` without `--direct`) talk to.',
  }),
  token: setting({
    env: 'AISPM_TOKEN',
    type: 'string',
    default: '',
    shown: '*(none; required by the query commands)*',
    doc: 'The API token they send (`read`; `storage` to write client storage; `webhooks` for `aispm webhooks`; `read` for `aispm mcp`). Never a flag, so it stays out of shell history.',
  }),
  tenant: setting({
    env: 'AISPM_TENANT',
    type: 'string',
    default: '',
    shown: '*(none)*',
    doc: 'The tenant of the query commands when `--tenant` is not given.',
  }),
  workspace: setting({
    env: 'AISPM_WORKSPACE',
    type: 'string',
    default: '',
    shown: '*(none)*',
    doc: 'The workspace of the query commands when `--workspace` is not given.',
  }),
  scanKey: setting({
    env: 'AISPM_SCAN_KEY',
    type: 'string',
    default: '',
    shown: '*(none: a key file, below)*',
    check: (v) => (v === '' || v.length >= 16 ? undefined : 'at least 16 characters'),
    doc: 'The key `aispm scan` fingerprints secrets under (HMAC-SHA-256, at least 16 characters): the same value on every machine makes their fingerprints comparable. Without it, 32 random bytes written on first use to `$XDG_CONFIG_HOME/aispm/scan-key` (else `~/.config/aispm/scan-key`). Never sent ([SCAN.md](SCAN.md)).',
  }),
  ci: setting({
    env: 'CI',
    type: 'string',
    default: '',
    shown: '*(unset)*',
    doc: "Set (as CI systems do): `aispm scan` prints no progress line. `GITHUB_ACTIONS` / `GITLAB_CI` and their variables (the CI system's own interface, read as the runner sets them) name the pipeline, repository, branch and commit of a scan.",
  }),
  columns: setting({
    env: 'COLUMNS',
    type: 'integer',
    default: 120,
    shown: "the terminal's width, else `120`",
    doc: 'Width the query commands fit tables to when the output is not a terminal.',
  }),
};
