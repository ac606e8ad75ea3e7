import type { Readable } from 'node:stream';

/**
 * A Node stream as the body of a web `Response`. Unlike `Readable.toWeb`, which hands over one
 * chunk per promise, each pull takes everything the source has buffered in one piece, so a
 * large download costs far fewer round trips through the web stream and the Node adapter
 * (bench/suites/uploads.ts). Pulls only when the consumer asks, so backpressure reaches the source.
 */
export function toWebStream(
  source: Readable,
  /** Told the length of each chunk as it is handed on (bytes actually sent, not promised). */
  onChunk?: (bytes: number) => void,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start: (controller) => {
        // Listening for the stream's whole life, not only during a pull: an error between two
        // pulls with no listener would be thrown by Node and take the process down.
        source.on('error', (error) => controller.error(error));
      },
      pull: (controller) =>
        nextChunk(source).then((chunk) => {
          if (chunk === null) controller.close();
          else {
            onChunk?.(chunk.length);
            controller.enqueue(chunk);
          }
        }),
      cancel: () => {
        source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Everything buffered in `source` as soon as there is something; null at its end. */
function nextChunk(source: Readable): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      source.off('readable', take);
      source.off('end', onEnd);
      source.off('error', onError);
      source.off('close', onClose);
      outcome();
    };
    const onEnd = () => settle(() => resolve(null));
    const onError = (error: Error) => settle(() => reject(error));
    const onClose = () => {
      if (!source.readableEnded) onError(source.errored ?? new Error('The source closed early'));
    };
    function take() {
      if (source.errored) return onError(source.errored);
      if (source.readableEnded) return onEnd();
      if (source.destroyed) return onClose();
      const chunk = source.read() as Buffer | null;
      if (chunk !== null) settle(() => resolve(chunk));
    }
    source.on('readable', take);
    source.once('end', onEnd);
    source.once('error', onError);
    source.once('close', onClose);
    take();
  });
}
