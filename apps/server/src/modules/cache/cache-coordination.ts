/**
 * What the caches of several instances share: the generations of invalidation scopes (the
 * truth that makes a cached entry current or not) and a bus that carries invalidations, and
 * any other topic, to every instance.
 */

/** Highest-generation-wins store of invalidation scopes, per cache. */
export interface GenerationStore {
  /** The highest generation among `scopes` of `cache` (0 when none was ever bumped). */
  current(cache: string, scopes: string[]): Promise<number>;
  /**
   * Gives each scope a generation above every one handed out before. Resolves once the bump is
   * durable, so that a write answering after it is seen by every later `current`.
   */
  bump(cache: string, scopes: string[]): Promise<void>;
  /**
   * Forgets scopes last bumped before `before` (epoch ms); answers how many. Safe once no entry
   * can be older than that: an entry is current while no scope of it moved past its generation,
   * and a forgotten scope only reads lower.
   */
  prune?(before: number): Promise<number>;
}

export type BusHandler = (payload: unknown) => void;

export interface Bus {
  /** Delivers `payload` (JSON) to the topic's subscribers here at once and on every other instance. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Answers the function that ends the subscription. */
  subscribe(topic: string, handler: BusHandler): () => void;
  /**
   * Called after the bus came back from a break, during which messages may have been lost:
   * per-process caches kept current by the bus drop what they hold.
   */
  onReconnect(handler: () => void): () => void;
  readonly connected: boolean;
}

export interface CacheCoordination {
  kind: 'in-process' | 'postgres' | 'redis';
  bus: Bus;
  /** Absent on one process: invalidations there reach every entry before they return. */
  generations?: GenerationStore;
  close(): Promise<void>;
}
