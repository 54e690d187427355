import { afterAll, describe, expect, it } from 'vitest';
import { clockJpeg, gradientJpeg, laptopJpeg } from '../../../tests/support/analysis';
import { COCO_ITEMS } from './coco-items';
import type { AnalysisOutcome } from './item-analyzer';
import { createOfflineAnalyzer, interpret, OFFLINE_MIN_CONFIDENCE, OFFLINE_NAME_CONFIDENCE } from './offline-analyzer';

// The real detector (CenterNet weights from @vladmandic/human) in a real worker thread.
const analyzer = createOfflineAnalyzer({ concurrency: 1, timeoutMs: 60_000 });
afterAll(() => analyzer.close());

const never = new AbortController().signal;
function resultOf(outcome: AnalysisOutcome) {
  if (!outcome.ok) throw new Error(`Expected a result, got ${outcome.failure.message}`);
  return outcome.result;
}

describe('offline analyzer (real model)', () => {
  it('sees a clock in the drawing, unsure: a neutral name, and the clock offered in the reader language', async () => {
    const result = resultOf(await analyzer.analyze(await clockJpeg(), 'fr', never));
    expect(result).toMatchObject({
      recognized: false,
      name: 'Nouvel objet',
      description: '',
      category: 'other',
      suggestion: { name: 'Horloge', category: 'other' },
    });
    expect(result.confidence).toBeGreaterThanOrEqual(OFFLINE_MIN_CONFIDENCE);
    expect(result.confidence).toBeLessThan(OFFLINE_NAME_CONFIDENCE);
  }, 60_000);

  it('maps a guess to a category too (a drawn laptop reads as a screen: electronics)', async () => {
    const result = resultOf(await analyzer.analyze(await laptopJpeg(), 'de', never));
    expect(result).toMatchObject({ recognized: false, suggestion: { category: 'electronics', name: 'Fernseher' } });
  }, 60_000);

  it('does not recognise a plain gradient: neutral name, category other, no description', async () => {
    const result = resultOf(await analyzer.analyze(await gradientJpeg(), 'it', never));
    expect(result).toMatchObject({ recognized: false, name: 'Nuovo oggetto', description: '', category: 'other' });
    expect(result.confidence ?? 0).toBeLessThan(OFFLINE_MIN_CONFIDENCE);
  }, 60_000);

  it('fails cleanly on bytes that are not an image', async () => {
    const outcome = await analyzer.analyze(Buffer.from('not a jpeg'), 'en', never);
    expect(outcome.ok).toBe(false);
  });

  it('gives up after the time limit, and the next analysis still works', async () => {
    // Generous: this one only has to show the worker still answers after the
    // timed-out analysis; on a busy CI machine an analysis can take seconds.
    const patient = createOfflineAnalyzer({ concurrency: 1, timeoutMs: 30_000, pool: analyzer.pool });
    // The worker exists already; a fresh one needs longer than 1 ms to load its model.
    const hurried = createOfflineAnalyzer({ concurrency: 1, timeoutMs: 1, pool: analyzer.pool });
    const outcome = await hurried.analyze(await clockJpeg(), 'en', never);
    expect(outcome.ok ? null : outcome.failure.reason).toBe('timeout');
    expect(resultOf(await patient.analyze(await gradientJpeg(), 'en', never)).recognized).toBe(false);
  }, 60_000);
});

describe('interpret (detections → item)', () => {
  it('names the item after the best lendable detection from OFFLINE_NAME_CONFIDENCE, ignoring people and animals', () => {
    const result = interpret(
      [
        { label: 'person', score: 0.9, area: 0.5 },
        { label: 'dog', score: 0.8, area: 0.2 },
        { label: 'book', score: 0.55, area: 0.1 },
        { label: 'cup', score: 0.4, area: 0.05 },
      ],
      'en',
    );
    expect(result).toEqual({
      recognized: true,
      name: 'Book',
      description: 'Recognised from the photo.',
      category: 'books',
      confidence: 0.55,
      suggestion: null,
    });
  });

  it('below OFFLINE_NAME_CONFIDENCE only suggests: a circuit board read as a clock is no "Clock" (issue 33)', () => {
    expect(interpret([{ label: 'clock', score: OFFLINE_NAME_CONFIDENCE - 0.01, area: 0.4 }], 'de')).toEqual({
      recognized: false,
      name: 'Neuer Gegenstand',
      description: '',
      category: 'other',
      confidence: OFFLINE_NAME_CONFIDENCE - 0.01,
      suggestion: { name: 'Uhr', category: 'other' },
    });
  });

  it('says "not recognised" below the threshold or with nothing lendable', () => {
    expect(interpret([{ label: 'book', score: OFFLINE_MIN_CONFIDENCE - 0.01, area: 0.3 }], 'de')).toMatchObject({
      recognized: false,
      name: 'Neuer Gegenstand',
      category: 'other',
      suggestion: null,
    });
    expect(interpret([{ label: 'person', score: 0.95, area: 0.6 }], 'en').recognized).toBe(false);
    expect(interpret([], 'en')).toMatchObject({ recognized: false, confidence: null });
  });

  it('has a name in every language for every mapped class', () => {
    for (const [label, item] of Object.entries(COCO_ITEMS)) {
      for (const name of Object.values(item.names)) expect(name.trim(), label).not.toBe('');
    }
  });
});
