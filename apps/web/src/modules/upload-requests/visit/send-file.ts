import { receivedFilesSchema } from '@sharebin/shared';
import { type CancelSource, isTransferError, sendWithProgress } from '../../files';

/** A file as the request stored it: under its own name, or `name (1).ext` when taken. */
export interface StoredFile {
  name: string;
  size: number;
}

/** Why a file did not arrive: stopped by the visitor, lost on the way, or refused. */
export type SendFailure =
  | { kind: 'cancelled' }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'refused'; status: number; code: string | null; details: unknown };

export class SendError extends Error {
  constructor(readonly failure: SendFailure) {
    super(failure.kind);
    this.name = 'SendError';
  }
}

/** The API's envelope of a refusal: its code and details, when the body is one. */
function refusalOf(status: number, responseText: string): SendFailure {
  try {
    const envelope = JSON.parse(responseText) as { error?: unknown; details?: unknown };
    const code = typeof envelope.error === 'string' ? envelope.error : null;
    return { kind: 'refused', status, code, details: envelope.details };
  } catch {
    return { kind: 'refused', status, code: null, details: undefined };
  }
}

function failureOf(error: unknown): SendFailure {
  if (!isTransferError(error)) return { kind: 'network' };
  if (error.kind === 'http') return refusalOf(error.status, error.responseText);
  return { kind: error.kind };
}

/**
 * Sends one file to a request (a form with its one `file` part, so each file has its own
 * progress, retry and refusal), reporting the bytes sent. Fails with a SendError.
 */
export async function sendFile(
  url: string,
  file: File,
  { cancel, onProgress }: { cancel: CancelSource; onProgress: (loaded: number) => void },
): Promise<StoredFile> {
  const form = new FormData();
  form.set('file', file, file.name);
  const result = await sendWithProgress('POST', {
    url,
    body: form,
    cancel: cancel.token,
    // The form's framing adds a few bytes: the bar never runs past the file.
    onProgress: (loaded) => onProgress(Math.min(loaded, file.size)),
  }).catch((error: unknown) => {
    throw new SendError(failureOf(error));
  });
  // A 2xx without the stored name still means the file arrived, under the name it was sent as.
  return storedOf(result.responseText) ?? { name: file.name, size: file.size };
}

function storedOf(responseText: string): StoredFile | undefined {
  try {
    const answer = receivedFilesSchema.safeParse(JSON.parse(responseText)?.data);
    return answer.success ? answer.data.files[0] : undefined;
  } catch {
    return undefined;
  }
}
