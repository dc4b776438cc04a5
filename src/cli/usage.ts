// Usage errors of every command as one line with exit status 2 (commander prints a help page).

import type { Command } from 'commander';

/**
 * Usage errors (an unknown option, a missing argument, a bad choice) as one line naming the
 * problem and where the help is, with exit status 2, on every command: a whole help page after an
 * error hides the error, and 1 is the status of a refused request.
 */
export function usageErrors(cmd: Command, path: string): void {
  cmd.configureOutput({
    outputError: (text, write) => {
      const problem = text
        .replace(/^error: /, '')
        .trim()
        .replace(
          /^required option '--(tenant|workspace) <id>' not specified$/,
          (_, o: string) => `give --${o} <id> or set AISPM_${o.toUpperCase()}`,
        );
      write(`aispm: ${problem} (see \`${path} --help\`)\n`);
    },
  });
  cmd.exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2));
  for (const sub of cmd.commands) usageErrors(sub, `${path} ${sub.name()}`);
}
