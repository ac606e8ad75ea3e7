import type { FsFailure } from '@sharebin/shared';
import { i18n } from '../i18n';
import {
  type ApiErrorTexts,
  apiErrorsEnUS,
  apiErrorsZhCN,
  type IssueTexts,
  issuesEnUS,
  issuesZhCN,
} from '../i18n/api-errors';
import { formatBytes } from '../shared/format-bytes';

type Text = string | { one: string; other: string };

interface Tables {
  errors: ApiErrorTexts;
  issues: IssueTexts;
}
const EN_US: Tables = { errors: apiErrorsEnUS, issues: issuesEnUS };
const TABLES: Record<string, Tables> = {
  'en-US': EN_US,
  'zh-CN': { errors: apiErrorsZhCN, issues: issuesZhCN },
};
const tables = (language: string): Tables => TABLES[language] ?? EN_US;

/** Detail fields holding byte counts: shown as "5 MB" in the reader's language. */
const BYTE_FIELDS = new Set(['limitBytes', 'fileSize', 'remaining', 'total', 'declared', 'stored']);
/** Detail fields that set the plural form. */
const COUNT_FIELDS = ['retryAfterSeconds', 'shares'];

function render(text: Text, values: Record<string, unknown>, language: string): string {
  const count = typeof values.count === 'number' ? values.count : undefined;
  const template =
    typeof text === 'string'
      ? text
      : new Intl.PluralRules(language).select(count ?? 0) === 'one'
        ? text.one
        : text.other;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    values[name] === undefined ? '?' : String(values[name]),
  );
}

function valuesOf(details: unknown, language: string): Record<string, unknown> {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return {};
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(details)) {
    values[name] =
      BYTE_FIELDS.has(name) && typeof value === 'number' ? formatBytes(value, language) : value;
  }
  const countField = COUNT_FIELDS.find((name) => typeof values[name] === 'number');
  if (countField) values.count = values[countField];
  return values;
}

export interface ServerIssue {
  path?: unknown;
  message?: string;
  code?: string;
  origin?: string;
  minimum?: number;
  maximum?: number;
}

/** The first segment of an issue's path (sent as `a.b` by the server). */
export function issueField(issue: ServerIssue): string {
  const path = issue.path;
  if (Array.isArray(path)) return String(path[0] ?? '');
  return typeof path === 'string' ? (path.split('.')[0] ?? '') : '';
}

/** One validation issue in the reader's language; unknown kinds keep the server's words. */
export function issueText(issue: ServerIssue, language: string): string {
  const { issues } = tables(language);
  const bound = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  if ((issue.code === 'too_small' || issue.code === 'too_big') && typeof bound === 'number') {
    const text = issue.origin === 'string' ? issues[`${issue.code}_string`] : issues[issue.code];
    return render(text, { count: bound, minimum: issue.minimum, maximum: issue.maximum }, language);
  }
  if (
    issue.code &&
    issue.code in issues &&
    issue.code !== 'too_small' &&
    issue.code !== 'too_big'
  ) {
    return render(issues[issue.code as keyof IssueTexts], {}, language);
  }
  return issue.message ?? '';
}

/**
 * An API error in the reader's language, by its code (the server's English is a fallback for
 * codes this build does not know: null). Numbers in `details` fill the text, bytes formatted.
 */
export function apiErrorText(code: string, details: unknown, language: string): string | null {
  const { errors } = tables(language);
  if (!Object.hasOwn(errors, code)) return null;
  if (code === 'validation.failed' && Array.isArray(details) && details.length > 0) {
    const issue = details[0] as ServerIssue;
    const field = typeof issue.path === 'string' ? issue.path : issueField(issue);
    const text = issueText(issue, language);
    if (text) return field ? `${field}: ${text}` : text;
  }
  return render(errors[code as keyof ApiErrorTexts], valuesOf(details, language), language);
}

/**
 * One path that failed in a call on many, or in a job, in the reader's language. The server's
 * words stay where the code is unknown, is a bug's (`internal.error`, whose words say more), or
 * lacks the values its text needs (failures recorded before they were kept).
 */
/**
 * A failure's code and details in the reader's language, or null where the dictionary has no
 * words for it (or they need values the failure does not carry): the server's text then.
 */
export function wordedFailure(code: string, details: unknown, language: string): string | null {
  const text = tables(language).errors[code as keyof ApiErrorTexts];
  const needsValues = typeof text === 'string' ? text.includes('{{') : text !== undefined;
  if (code === 'internal.error' || (needsValues && !details)) return null;
  return apiErrorText(code, details, language);
}

export function failureText(failure: FsFailure, language: string): string {
  return `${failure.path}: ${wordedFailure(failure.error, failure.details, language) ?? failure.message}`;
}

/**
 * Field messages from a 400's validation issues, the first per field, in the reader's
 * language. `fields` maps the server's field names to the form's.
 */
export function issueFieldErrors<F extends string>(
  error: { code: string; details: unknown },
  fields: Record<string, F>,
  language: string = i18n.language,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (error.code !== 'validation.failed' || !Array.isArray(error.details)) return found;
  for (const issue of error.details as ServerIssue[]) {
    const field = fields[issueField(issue)];
    const text = issueText(issue, language);
    if (field && text && !found[field]) found[field] = text;
  }
  return found;
}
