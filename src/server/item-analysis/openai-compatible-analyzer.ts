import type OpenAI from 'openai';
import { z } from 'zod';
import { ITEM_CATEGORIES, type Language } from '../../contract/enums';
import { LIMITS } from '../../contract/limits';
import { withDeadline, type StartDeadline } from './analysis-deadline';
import { NEUTRAL_NAME } from './coco-items';
import { createConcurrencyLimit } from './concurrency-limit';
import { failed, type AnalysisOutcome, type ItemAnalyzer } from './item-analyzer';

/** Below this self-reported confidence the answer is a guess: the item gets a neutral name instead. */
export const ENDPOINT_MIN_CONFIDENCE = 0.5;
/** From this confidence up to ENDPOINT_MIN_CONFIDENCE the answer is offered as a suggestion (docs/decisions/0043). */
export const ENDPOINT_SUGGESTION_CONFIDENCE = 0.2;

export interface OpenAiCompatibleOptions {
  baseUrl: URL;
  apiKey: string;
  model: string;
  timeoutMs: number;
  concurrency: number;
  /** The AI_TIMEOUT_MS limit's timer: the wall clock unless a test brings its own. */
  startDeadline?: StartDeadline;
}

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'German', fr: 'French', it: 'Italian' };

/** What the model must answer (strict JSON schema: every field required, nothing else). */
const ANSWER_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'description', 'category', 'confidence'],
  properties: {
    name: { type: 'string', description: `A short item name, at most ${LIMITS.nameMax} characters` },
    description: { type: 'string', description: 'One or two sentences describing the item' },
    category: { type: 'string', enum: [...ITEM_CATEGORIES] },
    confidence: { type: 'number', description: 'How sure you are that the name is right, from 0 to 1' },
  },
} as const;

/** The same rules, checked: a model may ignore the schema (small local ones often do). */
const answerSchema = z.object({
  name: z.string().trim().min(1),
  description: z.string().trim(),
  category: z.enum(ITEM_CATEGORIES),
  confidence: z.number().min(0).max(1),
});

function instructions(language: Language): string {
  return [
    'You help people list things they lend to friends and neighbours (tools, books, games, sports and kitchen gear, …).',
    'Look at the photo and name the one main object in it.',
    `Answer in ${LANGUAGE_NAMES[language]} (name and description), informally.`,
    `Choose the category from: ${ITEM_CATEGORIES.join(', ')}.`,
    'Give confidence 0 to 1. If you cannot tell what the object is, say so with a low confidence: never guess confidently.',
    'Answer only with the JSON object.',
  ].join(' ');
}

/**
 * One chat-completions call with the photo as a data URL and a strict JSON
 * schema. Serves OpenAI and the local engines with the same API (Ollama,
 * vLLM, LM Studio, llama.cpp's server). Anything but a valid answer in the
 * schema (an HTTP error, malformed JSON, a refusal, a category outside the
 * list, the time limit) is a failure: the route then creates nothing.
 */
export function createOpenAiCompatibleAnalyzer(options: OpenAiCompatibleOptions): ItemAnalyzer {
  // The client library loads with the first photo, not at start-up (docs/performance.md, round 3, "Start-up").
  let client: Promise<OpenAI> | undefined;
  const clientOnce = () =>
    (client ??= import('openai').then(
      ({ default: OpenAiClient }) =>
        new OpenAiClient({
          baseURL: options.baseUrl.href,
          apiKey: options.apiKey,
          // Our own deadline decides; a retry would only spend it twice.
          maxRetries: 0,
          // An API answers where it was asked: a redirect is refused, not followed (issue 32, finding 3).
          fetch: (url, init) => fetch(url, { ...init, redirect: 'error' }),
          timeout: options.timeoutMs,
        }),
    ));
  const limit = createConcurrencyLimit(options.concurrency);

  const ask = async (jpeg: Buffer, language: Language, signal: AbortSignal): Promise<AnalysisOutcome> => {
    const completion = await (
      await clientOnce()
    ).chat.completions.create(
      {
        model: options.model,
        messages: [
          { role: 'system', content: instructions(language) },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this item?' },
              { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
            ],
          },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'lendable_item', strict: true, schema: ANSWER_JSON_SCHEMA },
        },
      },
      { signal },
    );
    const message = completion.choices[0]?.message;
    if (!message) return failed('failed', 'The endpoint answered without a choice');
    if (message.refusal) return failed('failed', `The model refused: ${message.refusal}`);
    if (!message.content) return failed('failed', 'The endpoint answered without content');

    let json: unknown;
    try {
      json = JSON.parse(message.content);
    } catch (error) {
      return failed('failed', 'The model did not answer with JSON', error);
    }
    const answer = answerSchema.safeParse(json);
    if (!answer.success) return failed('failed', `The answer does not fit the schema: ${answer.error.message}`);

    const { name, description, category, confidence } = answer.data;
    const cleanName = name.slice(0, LIMITS.nameMax).trim();
    if (confidence < ENDPOINT_MIN_CONFIDENCE) {
      const guess = confidence >= ENDPOINT_SUGGESTION_CONFIDENCE && cleanName !== '';
      return {
        ok: true,
        result: {
          recognized: false,
          name: NEUTRAL_NAME[language],
          description: '',
          category: 'other',
          confidence,
          suggestion: guess ? { name: cleanName, category } : null,
        },
      };
    }
    return {
      ok: true,
      result: {
        recognized: true,
        name: cleanName,
        description: description.slice(0, LIMITS.descriptionMax).trim(),
        category,
        confidence,
        suggestion: null,
      },
    };
  };

  return {
    kind: 'openai-compatible',
    concurrency: options.concurrency,
    analyze: (jpeg, language, clientSignal) =>
      withDeadline(
        clientSignal,
        options.timeoutMs,
        (signal) => limit.run(() => ask(jpeg, language, signal), signal),
        options.startDeadline,
      ),
    close: async () => {},
  };
}
