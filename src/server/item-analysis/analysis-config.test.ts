import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config';

const base = { DATA_DIR: '/tmp/lendloop-analysis-config', SESSION_SECRET: 'x'.repeat(40) };

describe('photo analysis configuration (AI_*)', () => {
  it('defaults to the offline detector, 30 s, the analyzer own concurrency', () => {
    expect(loadConfig(base).itemAnalysis).toEqual({ endpoint: undefined, timeoutMs: 30_000, concurrency: undefined });
  });

  it('uses an OpenAI-compatible endpoint when AI_BASE_URL, AI_API_KEY and AI_MODEL are set', () => {
    const config = loadConfig({
      ...base,
      AI_BASE_URL: 'http://localhost:11434/v1',
      AI_API_KEY: 'ollama',
      AI_MODEL: 'qwen2.5vl',
      AI_TIMEOUT_MS: '60000',
      AI_CONCURRENCY: '2',
    });
    expect(config.itemAnalysis).toEqual({
      endpoint: { baseUrl: new URL('http://localhost:11434/v1'), apiKey: 'ollama', model: 'qwen2.5vl' },
      timeoutMs: 60_000,
      concurrency: 2,
    });
  });

  it('names the missing variable when only some of the three are set, and refuses bad numbers', () => {
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'https://api.openai.com/v1' })).toThrow(
      /AI_API_KEY[\s\S]*AI_MODEL/,
    );
    expect(() => loadConfig({ ...base, AI_TIMEOUT_MS: '10' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, AI_CONCURRENCY: '0' })).toThrow(/AI_CONCURRENCY/);
    expect(() => loadConfig({ ...base, AI_CONCURRENCY: '2.5' })).toThrow(/AI_CONCURRENCY/);
  });
});
