import type { AppConfig } from '../config/config';
import type { IsbnLookup } from './isbn-lookup';
import { createOpenLibraryLookup } from './open-library-lookup';

/** ISBN_LOOKUP_URL's service, or null when none is configured: then no ISBN leaves the server. */
export function createConfiguredIsbnLookup(config: AppConfig): IsbnLookup | null {
  if (!config.isbnLookup) return null;
  return createOpenLibraryLookup({
    baseUrl: config.isbnLookup.url,
    coverBaseUrl: config.isbnLookup.coverUrl,
    // Open Library asks API clients to identify themselves.
    userAgent: `Lendloop (${config.publicUrl.origin})`,
  });
}
