/*
 * What a plugin's database handle refuses to run. The handle sets the plugin's role at the start
 * of each transaction; a statement that changed the role or the session authorization, or ended
 * the transaction (after which the role would be the server's again), would undo that. This
 * guards against mistakes, not malice: plugin code runs in the server's process anyway.
 */

/** A statement a plugin's handle refuses, with the reason in its message. */
export class RefusedStatementError extends Error {}

const COMMENTS = /--[^\n]*|\/\*[\s\S]*?\*\//g;
// String constants and quoted identifiers: data, not statements.
const STRINGS = /'(?:[^']|'')*'|"(?:[^"]|"")*"/g;
// Dollar-quoted bodies (functions, DO blocks): statements of their own, but not of this transaction's control.
const BODIES = /\$([A-Za-z_][A-Za-z0-9_]*)?\$[\s\S]*?\$\1\$/g;

// Searched outside string constants but inside bodies: a DO block could change the role as well.
const ROLE_CHANGES: readonly RegExp[] = [
  /\b(?:set|reset)\s+(?:(?:local|session)\s+)?role\b/i,
  /\bset\s+(?:(?:local|session)\s+)?session\s+authorization\b/i,
  /\breset\s+(?:all|session\s+authorization)\b/i,
  /\bdiscard\s+(?:all|plans|sequences|temp|temporary)\b/i,
];
// set_config names a setting by a value: refused unless it is a constant other than these two.
const SET_CONFIG = /\bset_config\s*\(\s*(?!'(?!(?:role|session_authorization)')[a-z_.]+')/i;

const TRANSACTION_CONTROL =
  /^(?:begin|commit|rollback|end|abort|start\s+transaction|savepoint|release|prepare\s+transaction)\b/i;

/** Throws RefusedStatementError when `sql`, run for `plugin`, would change the role or end the transaction. */
export function assertPluginStatement(sql: string, plugin: string): void {
  const code = sql.replace(COMMENTS, ' ');
  const unquoted = code.replace(STRINGS, "''");
  const roleChange = SET_CONFIG.test(code) || ROLE_CHANGES.some((pattern) => pattern.test(unquoted));
  const statements = unquoted
    .replace(BODIES, "''")
    .split(';')
    .map((statement) => statement.trim());
  if (!roleChange && !statements.some((statement) => TRANSACTION_CONTROL.test(statement))) return;
  throw new RefusedStatementError(
    `Plugin "${plugin}" may not change the database role or session authorization, nor begin or end a transaction, through its database handle: ` +
      'it runs as its own role inside transactions the handle opens (use db.transaction), and reaches other data through services.',
  );
}
