import type { ErrorCode } from '@sharebin/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  type FieldErrors,
  type IssueMessage,
  schemaFieldErrors,
  serverFieldErrors,
} from './form-errors';
import {
  creationCandidate,
  SHARE_SETTINGS_FIELDS,
  type ShareMessageKey,
  type ShareSettingsField,
  type ShareSettingsSource,
  type ShareSettingsValues,
  shareFieldOf,
  shareIssueMessages,
  shareSettingsCandidate,
  shareSettingsFrom,
} from './share-settings';
import { useEditForm } from './use-edit-form';

/** What a share edits besides its settings (a paste's content and format). */
export interface OwnFields<S, V extends object, F extends string> {
  /** The own values, filled from the share. */
  valuesOf: (source: S) => V;
  /** The field each own value's messages show on (a format's on the content). */
  fieldOf: { readonly [K in keyof V]: F | null };
  /** The own values as the request carries them, for the schema to check. */
  candidate: (values: V) => object;
  /** The request's names of the own fields, mapped to the form's. */
  fields: Readonly<Record<string, F>>;
  /** The own fields' wording of a schema issue (undefined: the generic text). */
  message: IssueMessage<F>;
  /** The error codes of a failed save that name an own field (content too large). */
  codeFields?: Partial<Record<ErrorCode, F>>;
}

/** No values of its own: a share that is only its settings (a file, a mounted path). */
export type NoOwnValues = Record<never, never>;

export interface ShareEditFormOptions<
  S extends ShareSettingsSource,
  V extends object,
  F extends string,
> {
  /** The schema the server checks the request with (each kind of share has its own). */
  schema: z.ZodType;
  /** The error code of a link suffix another share already has: it shows on the suffix. */
  slugTakenCode: ErrorCode;
  /**
   * A share not made yet (the explorer's Share dialog): it starts with no expiry rather than
   * "keep", and an empty suffix asks for a random one.
   */
  creating?: boolean;
  own?: OwnFields<S, V, F>;
}

/**
 * How a share's form is filled, checked and told of a failed save: the settings every share
 * has, then its own fields. `word` turns a settings message key into the reader's text.
 */
export function shareEditRules<S extends ShareSettingsSource, V extends object, F extends string>(
  { schema, slugTakenCode, creating, own }: ShareEditFormOptions<S, V, F>,
  word: (key: ShareMessageKey, params?: Record<string, number>) => string,
) {
  type Values = ShareSettingsValues & V;
  type Field = ShareSettingsField | F;
  const fields: Readonly<Record<string, Field>> = { ...SHARE_SETTINGS_FIELDS, ...own?.fields };
  const ownFields = new Set<string>(Object.values(own?.fields ?? {}));
  const shareMessages = shareIssueMessages<Field>(word);
  const codeFields: Partial<Record<ErrorCode, Field>> = {
    [slugTakenCode]: 'slug',
    ...own?.codeFields,
  };
  return {
    // Without `own` there is nothing past the settings: V is then NoOwnValues.
    toValues: (source: S): Values =>
      ({
        ...shareSettingsFrom(source),
        ...(creating ? { expiry: 'never' } : {}),
        ...own?.valuesOf(source),
      }) as Values,
    fieldOf: (key: keyof Values): Field | null =>
      own && key in own.fieldOf
        ? own.fieldOf[key as keyof V]
        : shareFieldOf(key as keyof ShareSettingsValues),
    validate: (values: Values): FieldErrors<Field> =>
      schemaFieldErrors(
        schema,
        {
          ...(creating ? creationCandidate(values) : shareSettingsCandidate(values)),
          ...own?.candidate(values),
        },
        fields,
        (field, issue) =>
          own && ownFields.has(field)
            ? own.message(field as F, issue)
            : shareMessages(field, issue),
      ),
    serverErrors: (error: unknown): FieldErrors<Field> =>
      serverFieldErrors(error, fields, codeFields),
  };
}

/**
 * The edit form of a share (paste, file share, share of a mounted path) or of a new one: its
 * settings checked by the schema the server uses, worded in the reader's language, a taken
 * suffix shown on the suffix, then whatever `own` adds.
 */
export function useShareEditForm<
  S extends ShareSettingsSource,
  V extends object = NoOwnValues,
  F extends string = never,
>({
  source,
  opened,
  ...options
}: { source: S | null; opened: boolean } & ShareEditFormOptions<S, V, F>) {
  const { t } = useTranslation();
  return useEditForm({
    source,
    opened,
    ...shareEditRules(options, (key, params) => t(`shareForm.${key}`, params)),
  });
}
