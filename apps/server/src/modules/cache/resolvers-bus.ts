import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Bus } from './cache-coordination';

/** Bus topics of the per-process resolvers (storage drivers, mount tree). */
export const STORAGE_INVALIDATE_TOPIC = 'storage.invalidate';
export const MOUNTS_INVALIDATE_TOPIC = 'mounts.invalidate';

const storageMessage = z.object({ origin: z.string(), configId: z.string() });
const mountsMessage = z.object({ origin: z.string() });

/**
 * Keeps the storage resolver and the mount resolver of every instance in step: what one
 * instance drops, the others drop too. The bus also delivers to its sender, which already
 * did the work: messages carry this instance's origin so that it skips its own.
 */
export function connectResolversToBus({
  bus,
  drivers,
  mountResolver,
  logger,
}: {
  bus: Bus;
  drivers: {
    invalidate(configId: string, options: { fromBus: boolean }): void;
    onInvalidate(listener: (configId: string) => void): () => void;
  };
  mountResolver: { invalidate(): void };
  logger: Pick<Logger, 'warn'>;
}) {
  const origin = randomUUID();
  drivers.onInvalidate((configId) => {
    bus.publish(STORAGE_INVALIDATE_TOPIC, { origin, configId }).catch((error: unknown) => {
      logger.warn({ err: error, configId }, 'storage invalidation not broadcast');
    });
  });
  bus.subscribe(STORAGE_INVALIDATE_TOPIC, (payload) => {
    const message = storageMessage.safeParse(payload);
    if (message.success && message.data.origin !== origin) {
      drivers.invalidate(message.data.configId, { fromBus: true });
    }
  });
  bus.subscribe(MOUNTS_INVALIDATE_TOPIC, (payload) => {
    const message = mountsMessage.safeParse(payload);
    if (message.success && message.data.origin !== origin) mountResolver.invalidate();
  });
  // Messages may have been lost during a break: the tree is read again (drivers have no
  // such hook; a lost storage message shows once its config is read again).
  bus.onReconnect(() => mountResolver.invalidate());
  return {
    /** The mounts changed here: this resolver at once, the others' as the bus delivers. */
    async mountsChanged(): Promise<void> {
      mountResolver.invalidate();
      await bus.publish(MOUNTS_INVALIDATE_TOPIC, { origin });
    },
  };
}
