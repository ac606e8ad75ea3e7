import { type FormEvent, useState } from 'react';
import type { SaveSteps } from './use-edit-form';

type Submit = (event: FormEvent<HTMLFormElement>) => void;

/**
 * A dialog that makes something (a share, an upload request) and then shows what it made (its
 * link and QR code) in place of its form. What it was opened for (`shown`) and what it made
 * (`created`) outlive the close, so the dialog keeps its content while it fades out; `onExited`
 * forgets both.
 */
export function useCreationDialog<S, R>(target: S | null, opened: boolean) {
  const [shown, setShown] = useState<S | null>(target);
  if (opened && target !== shown) setShown(target);
  const [created, setCreated] = useState<R | null>(null);
  return {
    shown,
    created,
    onExited: () => {
      setCreated(null);
      setShown(null);
    },
    /**
     * How the new thing is saved: a creation always sends something, and the dialog stays open
     * since it shows the link now.
     */
    createSteps: <C>(save: SaveSteps<C, R>['save'], saved: () => string): SaveSteps<C, R> => ({
      save,
      nothingChanged: '',
      saved,
      onSaved: setCreated,
      close: () => undefined,
    }),
    /** Once made, Enter in the dialog must not make it again. */
    onSubmit:
      (submit: Submit): Submit =>
      (event) => {
        if (created) event.preventDefault();
        else submit(event);
      },
  };
}
