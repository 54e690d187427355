import type { ItemAnalysisConfig } from '../config/config';
import type { ItemAnalyzer } from './item-analyzer';
import { createOfflineAnalyzer } from './offline-analyzer';
import { createOpenAiCompatibleAnalyzer } from './openai-compatible-analyzer';

/**
 * Each offline analysis holds a worker of ~250 MB and a CPU core: one at a
 * time leaves the other core to the requests on 2-core machines. An
 * endpoint mostly waits on the network.
 */
const DEFAULT_CONCURRENCY = { offline: 1, endpoint: 4 } as const;

/** The configured analyzer (AI_BASE_URL, AI_API_KEY, AI_MODEL), else the offline default. */
export function createItemAnalyzer(config: ItemAnalysisConfig): ItemAnalyzer {
  if (config.endpoint) {
    return createOpenAiCompatibleAnalyzer({
      ...config.endpoint,
      timeoutMs: config.timeoutMs,
      concurrency: config.concurrency ?? DEFAULT_CONCURRENCY.endpoint,
    });
  }
  return createOfflineAnalyzer({
    timeoutMs: config.timeoutMs,
    concurrency: config.concurrency ?? DEFAULT_CONCURRENCY.offline,
  });
}
