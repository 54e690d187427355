import { describe, expect, it } from 'vitest';
import { pickLanguage, tagsByPreference } from './preferred-language';

describe('pickLanguage', () => {
  it('takes the first candidate that names a supported language', () => {
    expect(pickLanguage([undefined, 'it', 'fr'])).toBe('it');
    expect(pickLanguage(['es', 'en-GB'])).toBe('en');
  });

  it('falls back to German when nothing is supported or nothing is given', () => {
    expect(pickLanguage([])).toBe('de');
    expect(pickLanguage([undefined, '', 'es, pt;q=0.5'])).toBe('de');
  });

  it('orders an Accept-Language header by q, not by the order written', () => {
    expect(pickLanguage(['en;q=0.5, fr;q=0.9'])).toBe('fr');
    expect(pickLanguage(['it;q=0.3, es, de;q=0.7'])).toBe('de');
  });

  it('keeps the written order among equal weights', () => {
    expect(pickLanguage(['fr, en'])).toBe('fr');
    expect(pickLanguage(['en;q=0.8, it;q=0.8'])).toBe('en');
  });

  it('never picks a language refused with q=0', () => {
    expect(pickLanguage(['fr;q=0, en;q=0.1'])).toBe('en');
    expect(pickLanguage(['it;q=0.000'])).toBe('de');
  });

  it('matches the primary subtag exactly: de-CH is de, frr and english are nothing', () => {
    expect(pickLanguage(['de-CH'])).toBe('de');
    expect(pickLanguage(['FR-ca'])).toBe('fr');
    expect(pickLanguage(['frr, it;q=0.5'])).toBe('it');
    expect(pickLanguage(['english, en;q=0.2'])).toBe('en');
  });

  it('ignores the wildcard', () => {
    expect(pickLanguage(['*, it;q=0.5'])).toBe('it');
    expect(pickLanguage(['*'])).toBe('de');
  });

  it('reads a space-separated ui_locales list in its order', () => {
    expect(pickLanguage(['es it fr'])).toBe('it');
  });
});

describe('tagsByPreference', () => {
  it('accepts spaces around parameters and leaves out unreadable weights', () => {
    expect(tagsByPreference('fr-CH , fr ; q=0.9, en;q=2, it;q=abc, de;Q=0.5')).toEqual(['fr-CH', 'fr', 'de']);
  });
});
