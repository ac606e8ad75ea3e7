import { sql } from 'kysely';

/** A case-insensitive `%text%` pattern; `%`, `_` and `\` in the text match themselves. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `lower(column) like pattern escape '\'`, alike on SQLite and PostgreSQL. */
export const lowerLike = (column: string, pattern: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
