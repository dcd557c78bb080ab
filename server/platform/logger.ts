import { currentRequest } from './request-context';

/** A small leveled logger writing one JSON line per event, so logs stay greppable in production. */
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;
export type LogContext = Record<string, unknown>;

export interface Logger {
  debug(msg: string, ctx?: LogContext): void;
  info(msg: string, ctx?: LogContext): void;
  warn(msg: string, ctx?: LogContext): void;
  error(msg: string, ctx?: LogContext): void;
}

/** An error with what helps to act on it: its code (a pg SQLSTATE, an errno) and its causes. */
function describeError(err: Error, depth = 0): Record<string, unknown> {
  const code = (err as { code?: unknown }).code;
  const cause = (err as { cause?: unknown }).cause;
  return {
    name: err.name,
    message: err.message,
    ...(code !== undefined ? { code } : {}),
    stack: err.stack,
    ...(cause instanceof Error && depth < 3
      ? { cause: describeError(cause, depth + 1) }
      : cause !== undefined
        ? { cause: String(cause) }
        : {}),
  };
}

function serialize(ctx: LogContext | undefined): LogContext | undefined {
  if (!ctx) return undefined;
  const out: LogContext = {};
  for (const [k, v] of Object.entries(ctx)) {
    out[k] = v instanceof Error ? describeError(v) : v;
  }
  return out;
}

export function createLogger(minimum: LogLevel = 'info'): Logger {
  const write = (level: Exclude<LogLevel, 'silent'>, msg: string, ctx?: LogContext) => {
    if (levels[level] < levels[minimum]) return;
    const requestId = currentRequest()?.requestId;
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...(requestId ? { requestId } : {}), ...serialize(ctx) });
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    debug: (m, c) => write('debug', m, c),
    info: (m, c) => write('info', m, c),
    warn: (m, c) => write('warn', m, c),
    error: (m, c) => write('error', m, c),
  };
}
