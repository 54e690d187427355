import type { TestApp } from './app';
import { exportAccount } from '@/server/gdpr/export-account';
import { createPostgresPhotoStore } from '@/server/photos/photo-store';

/**
 * A person's whole data export as the download streams it, parsed; `T`
 * names the sections a test reads (imported only by *.test.ts).
 */
export async function exportedAccount<T>(t: TestApp, userId: string): Promise<T> {
  let text = '';
  for await (const chunk of exportAccount(t.db, userId, { photoStore: createPostgresPhotoStore(t.db) })) text += chunk;
  return JSON.parse(text) as T;
}
