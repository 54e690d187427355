import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Flags that work on these machines (shared engineering notes, "Browser tests"). */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function launchChromium(): Promise<LaunchedChrome> {
  return launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS });
}

export interface ScriptLoad {
  /** Path on our origin, e.g. /assets/index-abc.js. */
  path: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface PageRun {
  scores: Record<Category, number | null>;
  metrics: Record<string, number | null>;
  scripts: ScriptLoad[];
  /** Audits that cost points (score below 1), for finding the cause of a miss. */
  findings: {
    category: Category;
    id: string;
    title: string;
    score: number | null;
    /** False for audits Lighthouse shows but leaves out of the category score (weight 0). */
    scored: boolean;
    displayValue?: string;
  }[];
  finalUrl: string;
  lhr: Result;
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

/**
 * One Lighthouse navigation with its default mobile profile: Moto G Power
 * screen emulation and simulated slow 4G with 4× CPU slowdown, which derives
 * the timings from a trace rather than the wall clock, so a busy machine
 * disturbs it much less than a real throttled load would.
 */
export async function runLighthouse(url: string, clientDir: string, session?: SessionCookie): Promise<PageRun> {
  // A new browser with a new profile per run: every run is a first visit, with
  // no cookies or local storage left from the one before (Lighthouse clears
  // the cache but keeps those, so the cookie notice and the language choice
  // would differ between runs).
  const chrome = await launchChromium();
  let result;
  try {
    if (session) await setSessionCookie(chrome, new URL(url).origin, session);
    result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
  } finally {
    chrome.kill();
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);

  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null])) as Record<
    Category,
    number | null
  >;
  const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? null]));
  const findings: PageRun['findings'] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      findings.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        scored: ref.weight > 0,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  return {
    scores,
    metrics,
    scripts: scriptsLoaded(lhr, url, clientDir),
    findings,
    finalUrl: lhr.finalDisplayedUrl,
    lhr,
  };
}

export interface SessionCookie {
  name: string;
  value: string;
}

/**
 * A signed-in run gets its session cookie in the browser's cookie jar, as
 * after sign-in. (An `extraHeaders` Cookie does not work: the jar's header
 * replaces it as soon as the app writes its language cookie.) The CDP
 * connection is closed again before Lighthouse starts, so it takes no part
 * in the measurement.
 */
async function setSessionCookie(chrome: LaunchedChrome, origin: string, session: SessionCookie): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const cdp = await browser.newBrowserCDPSession();
    await cdp.send('Storage.setCookies', {
      cookies: [{ ...session, domain: new URL(origin).hostname, path: '/', httpOnly: true, sameSite: 'Lax' }],
    });
  } finally {
    // Disconnects only: a browser we connected to keeps running.
    await browser.close();
  }
}

interface NetworkRequestItem {
  url: string;
  resourceType?: string;
}

/**
 * The JavaScript the page loaded before Lighthouse judged it settled (network
 * and main thread quiet): entry, preloads and the lazy chunks of the route
 * the visitor lands on. Sizes are measured on the built files with gzip
 * (level 9) ourselves, so they do not depend on the server compressing.
 */
function scriptsLoaded(lhr: Result, pageUrl: string, clientDir: string): ScriptLoad[] {
  const origin = new URL(pageUrl).origin;
  const details = lhr.audits['network-requests']?.details;
  const requests = (details && details.type === 'table' ? details.items : []) as unknown as NetworkRequestItem[];
  const seen = new Set<string>();
  const scripts: ScriptLoad[] = [];
  for (const request of requests) {
    if (request.resourceType !== 'Script') continue;
    const url = new URL(request.url);
    if (url.origin !== origin || seen.has(url.pathname)) continue;
    seen.add(url.pathname);
    const file = path.join(clientDir, url.pathname);
    if (!file.startsWith(clientDir) || !existsSync(file)) throw new Error(`script ${url.pathname} is not in the build`);
    const bytes = readFileSync(file);
    scripts.push({ path: url.pathname, rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length });
  }
  return scripts;
}
