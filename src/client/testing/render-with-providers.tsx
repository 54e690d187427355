import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { getI18n } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../app/provider';
import { createQueryClient } from '../lib/query-client';

export interface RenderOptions {
  /** Start URL, may include a query string: '/invite?ref=abc'. */
  path?: string;
  queryClient?: QueryClient;
  i18n?: I18n;
}

export interface RenderWithProvidersResult extends RenderResult {
  /** Every path the in-memory router visited, the start path first. */
  history: string[];
  queryClient: QueryClient;
  i18n: I18n;
}

/** Renders inside the real providers with an in-memory router, the test i18n instance and a fresh query cache. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderWithProvidersResult {
  const memory = memoryLocation({ path: options.path ?? '/', record: true });
  const queryClient = options.queryClient ?? createQueryClient();
  const i18n = options.i18n ?? getI18n();
  const result = render(
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        {ui}
      </Router>
    </AppProvider>,
  );
  return { ...result, history: memory.history, queryClient, i18n };
}
