import { MULTIPART_PARALLEL_PARTS } from '@sharebin/shared';
import { type CancelToken, createCancelSource } from './cancel-token';
import { uploadCancelled } from './upload.errors';

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/** Sends one part and answers its ETag; `onProgress` reports the part's bytes sent so far. */
export type PartSender = (part: {
  partNumber: number;
  isLastPart: boolean;
  chunk: Blob;
  cancel: CancelToken;
  onProgress: (loaded: number) => void;
}) => Promise<string>;

/**
 * Sends every part of `body`, in order, up to three at a time (SPEC §4, §9), whatever carries
 * them (presigned part URLs for shares, the server for mounts). The first failure stops the
 * others (their transfers are cancelled) and is the one reported. Parts in `stored` (a resumed
 * upload's) are not sent again: they count as sent from the start.
 */
export async function sendPartsInParallel(input: {
  body: Blob;
  partSize: number;
  partCount: number;
  cancel: CancelToken;
  onProgress: (loaded: number) => void;
  sendPart: PartSender;
  stored?: CompletedPart[];
}): Promise<CompletedPart[]> {
  const { body, partSize, partCount } = input;
  const stop = createCancelSource(input.cancel);
  const stored = new Map((input.stored ?? []).map((part) => [part.partNumber, part.etag]));
  const lengthOf = (partNumber: number) =>
    Math.min(partNumber * partSize, body.size) - (partNumber - 1) * partSize;
  const sentPerPart = new Map([...stored.keys()].map((number) => [number, lengthOf(number)]));
  const report = () => {
    let sent = 0;
    for (const bytes of sentPerPart.values()) sent += bytes;
    input.onProgress(sent);
  };

  const completed: CompletedPart[] = [...stored].map(([partNumber, etag]) => ({
    partNumber,
    etag,
  }));
  const toSend = Array.from({ length: partCount }, (_, index) => index + 1).filter(
    (partNumber) => !stored.has(partNumber),
  );
  let nextIndex = 0;
  let failure: unknown = null;

  const worker = async () => {
    while (failure === null && nextIndex < toSend.length) {
      if (stop.token.cancelled) throw uploadCancelled();
      const partNumber = toSend[nextIndex++] as number;
      const start = (partNumber - 1) * partSize;
      const etag = await input.sendPart({
        partNumber,
        isLastPart: partNumber === partCount,
        chunk: body.slice(start, Math.min(start + partSize, body.size)),
        cancel: stop.token,
        onProgress: (loaded) => {
          sentPerPart.set(partNumber, loaded);
          report();
        },
      });
      completed.push({ partNumber, etag });
    }
  };

  if (stored.size > 0) report();
  await Promise.all(
    Array.from({ length: Math.min(MULTIPART_PARALLEL_PARTS, toSend.length) }, () =>
      worker().catch((error: unknown) => {
        if (failure === null) failure = error;
        stop.cancel();
      }),
    ),
  );
  if (failure !== null) throw failure;
  return completed.sort((a, b) => a.partNumber - b.partNumber);
}
