import { describe, expect, it } from 'vitest';
import { parseSearch, searchWords } from './search-terms';

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

  it('keeps one typed word for trigram similarity, and owner names as a literal LIKE pattern', () => {
    const terms = parseSearch('Bohrmashine');
    expect(terms?.typoWord).toBe('bohrmashine');
    expect(parseSearch('Kim 100%_x')?.ownerPattern).toBe('%Kim 100\\%\\_x%');
  });
});
