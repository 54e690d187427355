import { describe, expect, it } from 'vitest';
import { likePattern, parseSearch, searchWords } from './search-terms';

describe('searchWords', () => {
  it.each([
    ['Cordless DRILL', ['cordless', 'drill']],
    ["l'outil & (tente:*) | !drill", ['outil', 'tente', 'drill']],
    ['Bohrmaschine, Bohrmaschine', ['bohrmaschine']],
    ['a b cd', ['cd']],
    ['%_\\\'"', []],
    ['vélo für Kinder', ['vélo', 'für', 'kinder']],
    ['one two three four five six seven', ['one', 'two', 'three', 'four', 'five', 'six']],
  ])('%j → %j', (input, words) => {
    expect(searchWords(input)).toEqual(words);
  });
});

describe('parseSearch', () => {
  it('is null when there is no word to rank by', () => {
    expect(parseSearch('% a !')).toBeNull();
  });

  it('adds swapped-neighbour variants of mid-length words, unstemmed, to the same typed word', () => {
    const terms = parseSearch('drlil tv');
    expect(terms?.typoWord).toBeNull();
    const rows = terms?.alternatives.spelling.map((spelling, i) => [
      terms.alternatives.word[i],
      spelling,
      terms.alternatives.stem[i],
    ]);
    expect(rows).toEqual([
      [0, 'drlil', true],
      [0, 'rdlil', false],
      [0, 'dlril', false],
      [0, 'drill', false],
      [0, 'drlli', false],
      [1, 'tv', true],
    ]);
  });

  it('adds one-letter-shorter variants of six-letter words only', () => {
    const variants = (text: string) => {
      const terms = parseSearch(text);
      return terms?.alternatives.spelling.filter((_, i) => !terms.alternatives.stem[i]);
    };
    expect(variants('ladder')).toEqual(expect.arrayContaining(['lader', 'adder', 'laddr', 'ladde']));
    expect(variants('ladder')).not.toContain('ladder');
    expect(variants('tent')).toEqual(['etnt', 'tnet', 'tetn']);
    expect(variants('camerra')).not.toContain('camera');
  });

  it('keeps one typed word for trigram similarity', () => {
    expect(parseSearch('Bohrmashine')?.typoWord).toBe('bohrmashine');
    expect(parseSearch('Bohrer Akku')?.typoWord).toBeNull();
    // Six letters: one wrong letter leaves too few shared trigrams to match ("kamera" / "camera": 0.4 of 0.5).
    expect(parseSearch('kamera')?.typoWord).toBeNull();
    expect(parseSearch('kammera')?.typoWord).toBe('kammera');
  });

  it('makes typed text a literal LIKE pattern for the substring fallback', () => {
    expect(likePattern('Kim 100%_x')).toBe('%Kim 100\\%\\_x%');
  });
});
