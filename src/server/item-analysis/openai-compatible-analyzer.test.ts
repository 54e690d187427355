import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gradientJpeg, startFakeOpenAi, type FakeOpenAi } from '../../../tests/support/analysis';
import type { StartDeadline } from './analysis-deadline';
import type { AnalysisOutcome } from './item-analyzer';
import { createOpenAiCompatibleAnalyzer } from './openai-compatible-analyzer';

let fake: FakeOpenAi;
let jpeg: Buffer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  jpeg = await gradientJpeg(64);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const options = (timeoutMs: number) => ({
  baseUrl: new URL(fake.url),
  apiKey: 'test-key',
  model: 'fake-vision',
  timeoutMs,
  concurrency: 2,
});
const analyzer = (timeoutMs = 5_000) => createOpenAiCompatibleAnalyzer(options(timeoutMs));

/**
 * Time limits the test ends itself, instead of waiting out AI_TIMEOUT_MS on
 * the wall clock (issue 31): `startedWith` lists the limit each analysis
 * asked for, in the order they began.
 */
function manualDeadlines() {
  const controllers: AbortController[] = [];
  const startedWith: number[] = [];
  const start: StartDeadline = (ms) => {
    const controller = new AbortController();
    controllers.push(controller);
    startedWith.push(ms);
    return controller.signal;
  };
  const endAll = () => {
    for (const controller of controllers) controller.abort(new DOMException('The deadline passed', 'TimeoutError'));
  };
  return { start, startedWith, endAll };
}

const analyze = (timeoutMs?: number, signal = new AbortController().signal) =>
  analyzer(timeoutMs).analyze(jpeg, 'de', signal);

function failureOf(outcome: AnalysisOutcome) {
  if (outcome.ok) throw new Error(`Expected a failure, got ${JSON.stringify(outcome.result)}`);
  return outcome.failure;
}

describe('OpenAI-compatible analyzer', () => {
  it('sends one chat completion with the photo and a strict schema, and takes the answer', async () => {
    fake.answerWith({
      kind: 'json',
      body: { name: 'Bohrmaschine', description: 'Akku-Bohrschrauber mit Koffer.', category: 'tools', confidence: 0.9 },
    });
    const outcome = await analyze();
    expect(outcome).toEqual({
      ok: true,
      result: {
        recognized: true,
        name: 'Bohrmaschine',
        description: 'Akku-Bohrschrauber mit Koffer.',
        category: 'tools',
        confidence: 0.9,
        suggestion: null,
      },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      model: 'fake-vision',
      response_format: { type: 'json_schema', json_schema: { strict: true } },
      messages: [
        { role: 'system', content: expect.stringContaining('German') },
        {
          role: 'user',
          content: [
            { type: 'text' },
            { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
          ],
        },
      ],
    });
  });

  it('turns a low-confidence answer into "not recognised" with a neutral name, the guess only offered', async () => {
    fake.answerWith({
      kind: 'json',
      body: { name: 'Toaster', description: 'Unklar.', category: 'kitchen', confidence: 0.3 },
    });
    expect(await analyze()).toEqual({
      ok: true,
      result: {
        recognized: false,
        name: 'Neuer Gegenstand',
        description: '',
        category: 'other',
        confidence: 0.3,
        suggestion: { name: 'Toaster', category: 'kitchen' },
      },
    });
    // Below ENDPOINT_SUGGESTION_CONFIDENCE not even that.
    fake.answerWith({ kind: 'json', body: { name: 'Toaster', description: '', category: 'kitchen', confidence: 0.1 } });
    const outcome = await analyze();
    expect(outcome.ok && outcome.result.suggestion).toBeNull();
  });

  it('fails on malformed JSON', async () => {
    fake.answerWith({ kind: 'content', content: '{"name": "Drill", "category": ' });
    expect(failureOf(await analyze())).toMatchObject({ reason: 'failed', message: expect.stringContaining('JSON') });
  });

  it('fails on a refusal', async () => {
    fake.answerWith({ kind: 'refusal', refusal: 'I cannot help with that.' });
    expect(failureOf(await analyze())).toMatchObject({ reason: 'failed', message: expect.stringContaining('refused') });
  });

  it('fails on a category outside the list, and on missing fields', async () => {
    fake.answerWith({
      kind: 'json',
      body: { name: 'Drill', description: 'A drill.', category: 'power tools', confidence: 0.9 },
    });
    expect(failureOf(await analyze())).toMatchObject({ reason: 'failed', message: expect.stringContaining('schema') });
    fake.answerWith({ kind: 'json', body: { name: 'Drill', category: 'tools' } });
    expect(failureOf(await analyze()).reason).toBe('failed');
  });

  it('fails when the endpoint answers with an HTTP error (no retry)', async () => {
    fake.answerWith({ kind: 'status', status: 500 });
    expect(failureOf(await analyze()).reason).toBe('failed');
    expect(fake.requests).toHaveLength(1);
  });

  it('fails on a redirect instead of following it (issue 32, finding 3)', async () => {
    const elsewhere = await startFakeOpenAi();
    try {
      fake.answerWith({ kind: 'redirect', location: `${elsewhere.url}/chat/completions` });
      const outcome = await analyzer().analyze(jpeg, 'en', new AbortController().signal);
      expect(outcome.ok).toBe(false);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('times out when the endpoint does not answer within AI_TIMEOUT_MS', async () => {
    fake.answerWith({ kind: 'hang' });
    const deadlines = manualDeadlines();
    const hanging = createOpenAiCompatibleAnalyzer({ ...options(30_000), startDeadline: deadlines.start });
    const outcome = hanging.analyze(jpeg, 'de', new AbortController().signal);
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    expect(deadlines.startedWith).toEqual([30_000]);
    deadlines.endAll();
    expect(failureOf(await outcome)).toMatchObject({ reason: 'timeout', message: expect.stringContaining('30000 ms') });
  });

  it('counts the wait for a free slot toward AI_TIMEOUT_MS (AI_CONCURRENCY=1)', async () => {
    fake.answerWith({ kind: 'hang' });
    const deadlines = manualDeadlines();
    const single = createOpenAiCompatibleAnalyzer({
      ...options(30_000),
      concurrency: 1,
      startDeadline: deadlines.start,
    });
    const first = single.analyze(jpeg, 'de', new AbortController().signal);
    const second = single.analyze(jpeg, 'de', new AbortController().signal);
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    // Both limits run from the call: the second's began while it still waits for the slot,
    // so it ends with the first's, not a whole limit after it gets the slot.
    expect(deadlines.startedWith).toEqual([30_000, 30_000]);
    deadlines.endAll();
    expect(failureOf(await first).reason).toBe('timeout');
    expect(failureOf(await second).reason).toBe('timeout');
    // The second never reached the endpoint: it left the queue when its limit ended.
    expect(fake.requests).toHaveLength(1);
  });

  it('stops when the client goes away', async () => {
    fake.answerWith({ kind: 'hang' });
    const client = new AbortController();
    const outcome = analyze(10_000, client.signal);
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    client.abort(new Error('gone'));
    expect(failureOf(await outcome).reason).toBe('aborted');
  });
});
