/**
 * Errors of the CLI beyond ir's InputError (exit 2) and CheckError (exit 1): a query that finds
 * nothing is neither bad input nor a failed check.
 */

/** A well-formed query that matches nothing (e.g. `db best` for a shape the database does not hold): exit 4. */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}
