import { describe, expect, it } from 'vitest';
import { type SaveSteps, saveOrClose } from './use-edit-form';

/** Records what a save did, in order; `outcome` is how the server answers. */
function run(changes: object, outcome: { saved: string } | { failed: string }, onSaved = true) {
  const steps: string[] = [];
  const how: SaveSteps<object, string> = {
    save: (sent, done) => {
      steps.push(`save ${JSON.stringify(sent)}`);
      if ('saved' in outcome) done.onSuccess(outcome.saved);
      else done.onError(outcome.failed);
    },
    nothingChanged: 'Nothing changed',
    saved: (result) => `Saved ${result}`,
    onSaved: onSaved ? (result) => steps.push(`onSaved ${result}`) : undefined,
    close: () => steps.push('close'),
  };
  saveOrClose(changes, how, {
    fail: (error) => steps.push(`fail ${String(error)}`),
    notify: (message) => steps.push(`notify ${message}`),
  });
  return steps;
}

describe('saving an edit form', () => {
  it('closes saying so when nothing changed, without saving', () => {
    expect(run({}, { saved: 'x' })).toEqual(['notify Nothing changed', 'close']);
  });

  it('hands the saved result to onSaved after the toast and before the close', () => {
    expect(run({ name: 'a' }, { saved: 'key' })).toEqual([
      'save {"name":"a"}',
      'notify Saved key',
      'onSaved key',
      'close',
    ]);
    expect(run({ name: 'a' }, { saved: 'key' }, false)).toEqual([
      'save {"name":"a"}',
      'notify Saved key',
      'close',
    ]);
  });

  it('keeps the form open with the reasons when the save fails', () => {
    expect(run({ name: 'a' }, { failed: 'conflict' })).toEqual([
      'save {"name":"a"}',
      'fail conflict',
    ]);
  });
});
