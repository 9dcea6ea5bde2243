/** PostgreSQL's unique_violation, as thrown by node-postgres and PGlite (directly, or as drizzle's cause). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code === '23505' || cause?.code === '23505';
}
