import { type FormEvent, useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../app/notify';
import { type FieldErrors, hasErrors, withoutErrorsOf } from './form-errors';

/** Sets one of a form's values (what a part of a form is handed to edit its fields). */
export type SetValue<V> = <K extends keyof V>(key: K, value: V[K]) => void;

export interface EditFormOptions<S, V, F extends string> {
  /** What the form edits; null until it is known (still loading). */
  source: S | null;
  opened: boolean;
  toValues: (source: S) => V;
  /** The field a value's errors show on (a password action's on the password); null: none. */
  fieldOf: (key: keyof V) => F | null;
  /** Messages of the values as they stand (see schemaFieldErrors). */
  validate: (values: V) => FieldErrors<F>;
  /** Messages of a failed save (see serverFieldErrors). */
  serverErrors: (error: unknown) => FieldErrors<F>;
}

/**
 * An edit form's state: filled once per opening from its source (a refetch must not wipe the
 * user's edits), validated before saving, and showing a failed save's reasons on its fields
 * and in a toast.
 */
export function useEditForm<S, V, F extends string>(options: EditFormOptions<S, V, F>) {
  const { source, opened, toValues, fieldOf, validate, serverErrors } = options;
  const [original, setOriginal] = useState<S | null>(null);
  const [values, setValues] = useState<V | null>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  // Filled once per opening: only while `original` is null, so a re-run fills nothing again.
  useEffect(() => {
    if (opened && original === null && source) {
      setOriginal(source);
      setValues(toValues(source));
      setErrors({});
    }
  }, [opened, original, source, toValues]);

  /**
   * Changes several values at once (a preset fills a few, an endpoint follows its region) and
   * clears the messages of the `edited` fields only.
   */
  const update = (change: (current: V) => Partial<V>, edited: readonly F[]) => {
    setValues((current) => (current ? { ...current, ...change(current) } : current));
    if (edited.length > 0) setErrors((current) => withoutErrorsOf(current, edited));
  };

  const set: SetValue<V> = (key, value) => {
    const field = fieldOf(key);
    update(() => ({ [key]: value }) as unknown as Partial<V>, field ? [field] : []);
  };

  /**
   * Validates and, when the values pass, hands them to `save` with the source they came from.
   */
  const submit =
    (save: (values: V, original: S) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!values || !original) return;
      const found = validate(values);
      setErrors(found);
      if (!hasErrors(found)) save(values, original);
    };

  /** A save failed: its reasons on the fields, and a toast. */
  const fail = (error: unknown) => {
    setErrors(serverErrors(error));
    notifyError(error);
  };

  /**
   * Saves the changes, if any: with none the form closes saying so; a save closes it with
   * `saved`'s message, a failure keeps it open with its reasons.
   */
  const saveChanges = <C extends object, R>(changes: C, how: SaveSteps<C, R>) =>
    saveOrClose(changes, how, { fail, notify: notifySuccess });

  return {
    original,
    values,
    set,
    update,
    errorOf: (field: F) => errors[field],
    submit,
    saveChanges,
    /** Forget the opening's values once the modal has faded out (EditModal calls it). */
    reset: () => {
      setOriginal(null);
      setValues(null);
    },
  };
}

/** How a form's changes are saved, and what it says and does afterwards. */
export interface SaveSteps<C, R> {
  save: (
    changes: C,
    done: { onSuccess: (result: R) => void; onError: (error: unknown) => void },
  ) => void;
  nothingChanged: string;
  saved: (result: R) => string;
  /** What the caller does with the saved result (shows a new key once), before the close. */
  onSaved?: (result: R) => void;
  close: () => void;
}

/** saveChanges without the hook: `fail` shows a failure's reasons, `notify` the toasts. */
export function saveOrClose<C extends object, R>(
  changes: C,
  how: SaveSteps<C, R>,
  after: { fail: (error: unknown) => void; notify: (message: string) => void },
): void {
  if (Object.keys(changes).length === 0) {
    after.notify(how.nothingChanged);
    how.close();
    return;
  }
  how.save(changes, {
    onSuccess: (result) => {
      after.notify(how.saved(result));
      how.onSaved?.(result);
      how.close();
    },
    onError: after.fail,
  });
}
