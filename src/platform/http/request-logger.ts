// `request.log`, made only when something logs through it. Fastify gives every request a pino child
// logger bound to its request id; building one (a new object, its bindings serialized) cost about
// a microsecond on every request, while almost every request logs only its request line, which
// app.ts writes from the root logger with the same `reqId` field (the same bytes a child would
// write). Errors and handlers that log still get the real child, made at their first line.

import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

interface PinoLike extends FastifyBaseLogger {
  isLevelEnabled?(level: string): boolean;
}

class LazyChildLogger {
  #parent: PinoLike;
  #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: PinoLike, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  /** A line at a level the root logger drops: nothing to write, and no child to make for it. */
  #log(level: Level, args: unknown[]): void {
    if (!this.#child && this.#parent.isLevelEnabled && !this.#parent.isLevelEnabled(level)) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
  isLevelEnabled(level: string): boolean {
    const l = this.#child ?? this.#parent;
    return (l as PinoLike).isLevelEnabled?.(level) ?? true;
  }
  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
}

/**
 * Makes the children of Fastify's root logger lazy. Not a `childLoggerFactory`: Fastify checks the
 * logger a custom factory returns on every request (about 450 ns, as much as the child it saves),
 * while the default factory calls `child` on this logger, checked once. A child with options (a
 * route's own log level) is made at once, since the options change what is written.
 */
export function lazyRequestLoggers(logger: FastifyBaseLogger): void {
  const real = logger.child.bind(logger) as (bindings: Bindings, options?: object) => FastifyBaseLogger;
  const parent = Object.create(logger, { child: { value: real } }) as PinoLike;
  (logger as { child: unknown }).child = (bindings: Bindings, options?: object): FastifyBaseLogger => {
    if (options && Object.keys(options).length > 0) return real(bindings, options);
    return new LazyChildLogger(parent, bindings) as unknown as FastifyBaseLogger;
  };
}
