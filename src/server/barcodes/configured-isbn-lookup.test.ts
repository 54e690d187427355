import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config';
import { createConfiguredIsbnLookup } from './configured-isbn-lookup';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'lendloop-isbn-config-'));

describe('ISBN_LOOKUP_URL and ISBN_COVER_URL', () => {
  it('configure no lookup when unset (no ISBN leaves the server)', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.isbnLookup).toBeUndefined();
    expect(createConfiguredIsbnLookup(config)).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), ISBN_LOOKUP_URL: '' }).isbnLookup).toBeUndefined();
  });

  it('take an http(s) book service, with or without a cover service', () => {
    const both = loadConfig({
      DATA_DIR: dataDir(),
      ISBN_LOOKUP_URL: 'https://openlibrary.org',
      ISBN_COVER_URL: 'https://covers.openlibrary.org',
    });
    expect(both.isbnLookup?.url.href).toBe('https://openlibrary.org/');
    expect(both.isbnLookup?.coverUrl?.href).toBe('https://covers.openlibrary.org/');
    expect(createConfiguredIsbnLookup(both)).not.toBeNull();
    const titlesOnly = loadConfig({ DATA_DIR: dataDir(), ISBN_LOOKUP_URL: 'https://openlibrary.org' });
    expect(titlesOnly.isbnLookup?.coverUrl).toBeUndefined();
  });

  it('refuse other schemes, and a cover service without a book service', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ISBN_LOOKUP_URL: 'ftp://openlibrary.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ISBN_COVER_URL: 'https://covers.openlibrary.org' })).toThrow(
      /ISBN_LOOKUP_URL: is required when ISBN_COVER_URL is set/,
    );
  });
});
