// The one context every command group of the CLI is given (src/cli/index.ts): the operator's
// helpers (operator.ts) and the query commands' (queries.ts), instead of closures over one long
// function.

import type { Command } from 'commander';
import { type Operator, operator } from './operator.ts';
import { type QueryKit, queryKit } from './queries.ts';

export type CliContext = Operator & QueryKit;

export function cliContext(program: Command): CliContext {
  const op = operator(program);
  return { ...op, ...queryKit(op.fail) };
}
