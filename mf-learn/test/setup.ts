// IndexedDB for the answer outbox: a fresh in-memory database for every test.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach } from 'vitest';
import { resetOutboxForTesting } from '../src/offline';

afterEach(async () => {
  await resetOutboxForTesting();
  globalThis.indexedDB = new IDBFactory();
});
