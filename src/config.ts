// Settings: every variable the code reads, declared once. Each declaration gives the variable, its type,
// default, bounds and meaning; the `Config` type, parsing, the checks at start, the CLI's
// `--help` defaults and the tables of docs/CONFIG.md (scripts/config-doc.ts) all derive from it.
// Service settings come from the environment (AISPM_*) overridden by CLI flags and are checked once
// at start: a bad value stops the process with one line naming the variable, never a stack trace.
// Nothing outside this module reads process.env (test/config.test.ts checks it): the CLI's own
// variables, the diagnostics and the internal ones are read here too, through `readSetting`.
// The declarations themselves are in src/settings/, one file per group.

import { clientSettings } from './settings/clients.ts';
import { limitSettings } from './settings/limits.ts';
import { serviceSettings } from './settings/service.ts';
import { signinSettings } from './settings/signin.ts';
import { originList, type Setting, type Type, type ValueOf } from './settings/setting.ts';
import { testSettings } from './settings/tests.ts';
import { toolingSettings } from './settings/tooling.ts';

type Settings<S> = { [K in keyof S]: S[K] extends Setting<infer T> ? ValueOf<T> : never };

const configSettings = { ...serviceSettings, ...limitSettings, ...signinSettings };
export type Config = Settings<typeof configSettings>;
export type ConfigKey = Extract<keyof Config, string>;
const allSettings = { ...configSettings, ...clientSettings, ...toolingSettings, ...testSettings };
export type SettingKey = Extract<keyof typeof allSettings, string>;
type SettingValue<K extends SettingKey> = Settings<typeof allSettings>[K];

/** The settings as docs/CONFIG.md presents them: one table per group, in this order. */
export const settingGroups: ReadonlyArray<{ title: string; settings: Readonly<Record<string, Setting<Type>>> }> = [
  { title: 'service', settings: serviceSettings },
  { title: 'limits', settings: limitSettings },
  { title: 'sign-in', settings: signinSettings },
  { title: 'clients', settings: clientSettings },
  { title: 'tooling', settings: toolingSettings },
  { title: 'tests', settings: testSettings },
];

const byKey: ReadonlyMap<string, Setting<Type>> = new Map(Object.entries(allSettings));
const configKeys = Object.keys(configSettings) as ConfigKey[];

/** Environment variable behind each setting of the service. */
export const envNames = Object.fromEntries(configKeys.map((k) => [k, configSettings[k].env])) as Record<ConfigKey, string>;

export class ConfigError extends Error {}

/** Parses one raw value (from the environment or a flag) and checks it; `source` names it in the error. */
function parseValue(s: Setting<Type>, raw: string, source: string): string | number | boolean {
  let value: string | number | boolean = raw;
  if (s.type === 'boolean') {
    if (/^(1|true|yes|on)$/i.test(raw)) value = true;
    else if (/^(0|false|no|off)$/i.test(raw)) value = false;
    else throw new ConfigError(`${source}: expected true or false, got "${raw}"`);
  } else if (s.type === 'integer') {
    if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${source}: expected a whole number, got "${raw}"`);
    value = Number(raw.trim());
  }
  checkValue(s, value, source);
  return value;
}

function checkValue(s: Setting<Type>, value: string | number | boolean, source: string): void {
  if (typeof value === 'number') {
    const { min = 0, max } = s;
    if (value < min || (max !== undefined && value > max)) {
      throw new ConfigError(
        max === undefined ? `${source}: expected at least ${min}, got ${value}` : `${source}: expected ${min}..${max}, got ${value}`,
      );
    }
  }
  if (typeof value === 'string' && s.oneOf && !s.oneOf.includes(value)) {
    throw new ConfigError(`${source}: expected one of ${s.oneOf.join(', ')}, got "${value}"`);
  }
  const problem = (s.check as ((v: unknown) => string | undefined) | undefined)?.(value);
  if (problem)
    throw new ConfigError(`${source}: ${problem}${typeof value === 'string' && !problem.includes('got') ? `, got "${value}"` : ''}`);
}

/** Checks between settings, once each is valid on its own. */
function checkTogether(config: Config): void {
  // Node refuses a server whose header deadline falls after its whole-request deadline.
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    throw new ConfigError(
      `${envNames.headersTimeoutMs}: ${config.headersTimeoutMs} is longer than ${envNames.requestTimeoutMs} (${config.requestTimeoutMs})`,
    );
  }
}

/**
 * Builds the service's configuration from the environment, then from `overrides` (CLI flags,
 * already named as Config keys; strings are parsed like environment values).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<ConfigKey, string | number | boolean | undefined>> = {},
): Config {
  const config = new Map<string, string | number | boolean>();
  for (const key of configKeys) {
    const s = configSettings[key] as Setting<Type>;
    const raw = env[s.env];
    config.set(key, raw !== undefined && raw !== '' ? parseValue(s, raw, s.env) : s.default);
  }
  for (const [key, v] of Object.entries(overrides)) {
    const s = Object.hasOwn(configSettings, key) ? byKey.get(key) : undefined;
    if (v === undefined || s === undefined) continue;
    if (typeof v === 'string') config.set(key, parseValue(s, v, `--${key}`));
    else {
      checkValue(s, v, `--${key}`);
      config.set(key, v);
    }
  }
  const result = Object.fromEntries(config) as Config;
  checkTogether(result);
  return result;
}

/**
 * One setting outside the service's Config (the CLI's, a diagnostic, the process's plumbing), or a
 * Config setting needed before the configuration is loaded: its value in `env`, else its default.
 * A bad value throws ConfigError naming the variable.
 */
export function readSetting<K extends SettingKey>(key: K, env: NodeJS.ProcessEnv = process.env): SettingValue<K> {
  const s = byKey.get(key)!;
  const raw = env[s.env];
  return (raw !== undefined && raw !== '' ? parseValue(s, raw, s.env) : s.default) as SettingValue<K>;
}

/** The variable behind a setting (for a flag that falls back to it). */
export const settingEnv = (key: SettingKey): string => byKey.get(key)!.env;

/** The environment of this process, to hand on whole to a process it starts (never read here by name). */
export const processEnvironment = (): NodeJS.ProcessEnv => process.env;

/** Removes a setting from this process's environment, so that the processes it starts do not inherit it. */
export function clearSetting(key: SettingKey): void {
  delete process.env[byKey.get(key)!.env];
}

/** `--help` text of a flag that sets a setting: what it does, then its variable and default. */
export function flagHelp(key: ConfigKey, text: string): string {
  const s = configSettings[key] as Setting<Type>;
  return `${text} (env ${s.env}, default ${s.shown ?? String(s.default)})`;
}

/** The configured CORS origins; empty when CORS is off. */
export function corsOriginList(config: Pick<Config, 'corsOrigins'>): string[] {
  return originList(config.corsOrigins);
}

export function isPostgres(db: string): boolean {
  return db.startsWith('postgres');
}
