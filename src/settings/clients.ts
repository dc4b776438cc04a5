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
  columns: setting({
    env: 'COLUMNS',
    type: 'integer',
    default: 120,
    shown: "the terminal's width, else `120`",
    doc: 'Width the query commands fit tables to when the output is not a terminal.',
  }),
};
