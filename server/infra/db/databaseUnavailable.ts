/** Thrown when a PGlite call waited longer than its bound (openDatabase's waitTimeoutMs). */
export class DatabaseTimeoutError extends Error {
  readonly code = 'DB_WAIT_TIMEOUT';

  constructor(waitedMs: number) {
    super(`The database did not answer within ${waitedMs} ms`);
    this.name = 'DatabaseTimeoutError';
  }
}

/** Socket-level failures of a connection to PostgreSQL (refused, reset, cut, unreachable, timed out). */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'DB_WAIT_TIMEOUT']);

/**
 * SQLSTATEs that mean "not now" rather than "this request is wrong": connection exceptions (08…), too many
 * connections (53300), shutdown or recovery (57P01–57P03), and the statement / idle-in-transaction timeouts
 * (57014, 25P03) the pool sets so that no request waits unbounded.
 */
function isTransientSqlState(code: string): boolean {
  return code.startsWith('08') || code === '53300' || code === '57P01' || code === '57P02' || code === '57P03' || code === '57014' || code === '25P03';
}

/**
 * Messages node-postgres, pg-pool and PGlite use for a lost, refused or timed-out connection; they carry no code.
 * Matched on our side only: these strings come from the drivers, never from user input.
 */
const messagePatterns = [
  /^Connection terminated/, // pg: "Connection terminated unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/, // pg-pool: no client free within connectionTimeoutMillis
  /^Query read timeout/, // pg: query_timeout
  /is not queryable/, // pg: a client after a connection error
  /^Cannot use a pool after calling end/, // pg-pool during shutdown
  /^PGlite is closed/,
];

/**
 * Whether an error (or one of its causes: drizzle wraps driver errors in DrizzleQueryError) means the database
 * is unreachable, down or too slow, so the answer is 503 with Retry-After rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (networkCodes.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isTransientSqlState(code)))) return true;
    if (typeof message === 'string' && messagePatterns.some((pattern) => pattern.test(message))) return true;
    // Node reports a refused connect to several addresses (localhost → ::1 and 127.0.0.1) as an AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
