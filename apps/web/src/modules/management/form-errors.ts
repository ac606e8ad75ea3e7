import type { ErrorCode } from '@sharebin/shared';
import type { z } from 'zod';
import { errorMessage, isApiError } from '../../app/api-client';
import {
  apiErrorText,
  issueField,
  issueFieldErrors,
  issueText,
  type ServerIssue,
} from '../../app/error-messages';
import { i18n } from '../../i18n';

/** Messages per form field; a field without one is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A form's own wording for a schema issue on one of its fields (undefined: the generic text
 * for the issue's kind, in the reader's language).
 */
export type IssueMessage<F extends string> = (field: F, issue: ServerIssue) => string | undefined;

/**
 * Checks a request against the shared zod schema the server checks it with, so the form and
 * the server cannot disagree on a rule. `fields` maps the request's names to the form's; the
 * first issue per field wins, as the server's 400 would show it.
 */
export function schemaFieldErrors<F extends string>(
  schema: z.ZodType,
  candidate: unknown,
  fields: Readonly<Record<string, F>>,
  messageOf?: IssueMessage<F>,
  language: string = i18n.language,
): FieldErrors<F> {
  const result = schema.safeParse(candidate);
  const found: FieldErrors<F> = {};
  if (result.success) return found;
  for (const issue of result.error.issues as ServerIssue[]) {
    const field = fields[issueField(issue)];
    if (!field || found[field]) continue;
    found[field] = messageOf?.(field, issue) ?? issueText(issue, language);
  }
  return found;
}

/**
 * A failed save's messages per field: the error codes that name a field (a taken slug), then
 * the 400's validation issues. The toast is shown apart (notifyError) for every failure.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: Readonly<Record<string, F>>,
  codeFields: Partial<Record<ErrorCode, F>> = {},
  language: string = i18n.language,
): FieldErrors<F> {
  if (!isApiError(error)) return {};
  const field = codeFields[error.code as ErrorCode];
  if (field) {
    const text = apiErrorText(error.code, error.details, language) ?? errorMessage(error);
    return { [field]: text } as FieldErrors<F>;
  }
  return issueFieldErrors(error, fields, language);
}

export const hasErrors = (errors: FieldErrors<string>) =>
  Object.values(errors).some((message) => message !== undefined);

/** The messages once `fields` were edited: theirs go, the other fields' stay. */
export function withoutErrorsOf<F extends string>(
  errors: FieldErrors<F>,
  fields: readonly NoInfer<F>[],
): FieldErrors<F> {
  const left = { ...errors };
  for (const field of fields) left[field] = undefined;
  return left;
}

/**
 * A form's own checks in words: each field's finding (say a translation key and its values)
 * turned into the reader's text by `word`, for forms whose rules are not a shared schema.
 */
export function wordedErrors<F extends string, E>(
  found: Partial<Record<F, E>>,
  word: (finding: E) => string,
): FieldErrors<F> {
  const worded: FieldErrors<F> = {};
  for (const [field, finding] of Object.entries(found) as [F, E | undefined][]) {
    if (finding !== undefined) worded[field] = word(finding);
  }
  return worded;
}
