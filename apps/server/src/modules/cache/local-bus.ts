import type { Bus, BusHandler } from './cache-coordination';

/** Per-topic subscribers of this process: the in-process bus, and the local half of the others. */
export function createLocalTopics() {
  const topics = new Map<string, Set<BusHandler>>();
  const reconnectHandlers = new Set<() => void>();
  return {
    deliver(topic: string, payload: unknown) {
      for (const handler of topics.get(topic) ?? []) handler(payload);
    },
    subscribe(topic: string, handler: BusHandler) {
      const handlers = topics.get(topic) ?? new Set<BusHandler>();
      topics.set(topic, handlers);
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    onReconnect(handler: () => void) {
      reconnectHandlers.add(handler);
      return () => {
        reconnectHandlers.delete(handler);
      };
    },
    reconnected() {
      for (const handler of reconnectHandlers) handler();
    },
  };
}

/** One instance (SQLite): a message reaches every subscriber before `publish` returns. */
export function createInProcessBus(): Bus {
  const topics = createLocalTopics();
  return {
    publish: async (topic, payload) => topics.deliver(topic, payload),
    subscribe: topics.subscribe,
    onReconnect: topics.onReconnect,
    connected: true,
  };
}
