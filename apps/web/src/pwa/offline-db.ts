import { OFFLINE_DB_VERSION } from '@sharebin/shared';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The offline database of SPEC §3 and §9: pastes and file shares by slug, directory listings
 * by path, settings by key. Every record names its owner (`admin`, `apikey:<id>`, `public`, or
 * `device` for what belongs to the browser rather than to a user, such as drafts) and is keyed
 * by owner first, so one user's records are never found for another.
 */
export const OFFLINE_DB_NAME = 'sharebin-offline';

/** An API answer as the server sent it: the JSON text and when it was saved (epoch ms). */
export interface SavedAnswer {
  owner: string;
  savedAt: number;
  body: string;
}

export interface PasteRecord extends SavedAnswer {
  slug: string;
}
export interface FileRecord extends SavedAnswer {
  slug: string;
}
export interface DirectoryRecord extends SavedAnswer {
  path: string;
}
/** A setting: an API answer (key `api_cache_…`) or a draft (`content`). */
export type SettingRecord =
  | (SavedAnswer & { key: string })
  | { owner: string; key: string; savedAt: number; content: string };

type Indexed<Value, Key extends IDBValidKey> = {
  key: Key;
  value: Value;
  indexes: { 'by-owner': string; 'by-savedAt': number };
};

export interface OfflineSchema extends DBSchema {
  pastes: Indexed<PasteRecord, [string, string]>;
  files: Indexed<FileRecord, [string, string]>;
  directories: Indexed<DirectoryRecord, [string, string]>;
  settings: Indexed<SettingRecord, [string, string]>;
}

export type OfflineStore = 'pastes' | 'files' | 'directories' | 'settings';

/** Each store and the field its records are found by (after the owner). */
export const STORE_KEYS = {
  pastes: 'slug',
  files: 'slug',
  directories: 'path',
  settings: 'key',
} as const satisfies Record<OfflineStore, string>;

export const OFFLINE_STORES = Object.keys(STORE_KEYS) as OfflineStore[];

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let connection: Promise<OfflineDb> | null = null;

/**
 * The one connection of this page, opened on first use. Version 1 databases (written by older
 * builds, without owners) are dropped store by store and built again: the cache only holds
 * copies, and records without an owner could show one user's data to another.
 */
export function offlineDb(): Promise<OfflineDb> {
  connection ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 2) {
        for (const name of Array.from(db.objectStoreNames)) {
          db.deleteObjectStore(name);
        }
        for (const name of OFFLINE_STORES) {
          const store = db.createObjectStore(name, { keyPath: ['owner', STORE_KEYS[name]] });
          store.createIndex('by-owner', 'owner');
          store.createIndex('by-savedAt', 'savedAt');
        }
      }
    },
    // Another tab (or a newer build) wants to upgrade or delete the database: let it.
    blocking() {
      void connection?.then((db) => db.close());
      connection = null;
    },
    terminated() {
      connection = null;
    },
  }).catch((error: unknown) => {
    connection = null;
    throw error;
  });
  return connection;
}
