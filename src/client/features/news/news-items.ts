/**
 * The four fixed announcements of spec §2 (news dialog). Texts live in the
 * locale files under `news.items.<id>`; this list only holds what is not text.
 */
export const NEWS_PRIORITIES = ['high', 'medium', 'low'] as const;
export type NewsPriority = (typeof NEWS_PRIORITIES)[number];

export const NEWS_CATEGORIES = ['welcome', 'productUpdates', 'security', 'community'] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

export type NewsId = 'welcome' | 'mobileFeatures' | 'securityUpdates' | 'communityGuidelines';

export interface NewsItem {
  id: NewsId;
  priority: NewsPriority;
  category: NewsCategory;
  /** ISO date; shown with Intl in the reader's language. */
  publishedAt: string;
}

/** Newest first. */
export const NEWS_ITEMS: readonly NewsItem[] = [
  { id: 'welcome', priority: 'high', category: 'welcome', publishedAt: '2026-03-02' },
  { id: 'mobileFeatures', priority: 'medium', category: 'productUpdates', publishedAt: '2026-02-16' },
  { id: 'securityUpdates', priority: 'high', category: 'security', publishedAt: '2026-02-03' },
  { id: 'communityGuidelines', priority: 'low', category: 'community', publishedAt: '2026-01-20' },
];
