/** PostgreSQL's unique_violation (SQLSTATE 23505), as both engines' drivers report it: two writers raced for one unique value. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null | undefined)?.code === '23505'
