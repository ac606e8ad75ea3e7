import { sql } from 'kysely';

/** `text` inside a `like` pattern: `%`, `_` and `\` match themselves. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A case-insensitive `%text%` pattern; `%`, `_` and `\` in the text match themselves. */
export const containsPattern = (text: string) => `%${likeEscaped(text.toLowerCase())}%`;

/** `lower(column) like pattern escape '\'`, alike on SQLite and PostgreSQL. */
export const lowerLike = (column: string, pattern: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

/** The rows whose path column is `path` or lies below it (`path/…`), alike on both engines. */
export const pathOrBelow = (column: string, path: string) =>
  sql<boolean>`(${sql.ref(column)} = ${path} or ${sql.ref(column)} like ${`${likeEscaped(path === '/' ? '' : path)}/%`} escape '\\')`;
