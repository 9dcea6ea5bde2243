/** How long the database may keep a request waiting (AppConfig's db* values; README lists their variables). 0 turns a bound off. */
export interface DatabaseTimeouts {
  /** PostgreSQL: opening a connection, or waiting for a free one in the pool. */
  dbConnectTimeoutMs: number;
  /** PostgreSQL statement_timeout; the client gives up a little later if no answer comes (a frozen server). PGlite: the bound on one query. */
  dbStatementTimeoutMs: number;
  /** PostgreSQL idle_in_transaction_session_timeout: a transaction left idle this long is ended by the server. */
  dbIdleInTransactionTimeoutMs: number;
}

export const defaultDatabaseTimeouts: DatabaseTimeouts = { dbConnectTimeoutMs: 5000, dbStatementTimeoutMs: 10_000, dbIdleInTransactionTimeoutMs: 10_000 };
