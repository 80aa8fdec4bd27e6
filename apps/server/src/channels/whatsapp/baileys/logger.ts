import type { ProviderLogger } from '../provider.js';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];

/** The logger shape Baileys expects (its ILogger). */
export interface BaileysLogger {
  level: string;
  child(bindings: Record<string, unknown>): BaileysLogger;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * Baileys logs every frame at debug and much at info; only warnings and errors reach the app's
 * logger by default, tagged with the connection.
 */
export function toBaileysLogger(logger: ProviderLogger, bindings: Record<string, unknown>, level: Level = 'warn'): BaileysLogger {
  const min = LEVELS.indexOf(level);
  const at = (l: Level) => (obj: unknown, msg?: string) => {
    if (LEVELS.indexOf(l) < min) return;
    const merged = obj && typeof obj === 'object' ? { ...bindings, ...(obj as object) } : { ...bindings, detail: obj };
    const target = l === 'trace' ? 'debug' : l;
    logger[target](merged, msg ?? (typeof obj === 'string' ? obj : undefined));
  };
  return {
    level,
    child: (more) => toBaileysLogger(logger, { ...bindings, ...more }, level),
    trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'),
  };
}
