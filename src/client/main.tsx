// First: configures zod before any schema module loads (see the module).
import './lib/zod-csp';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadFirstPage } from './app/first-page-preload';
import { AUTH_USER_URL, authUserQueryOptions } from './lib/auth/get-auth-user';
import { browserStorage, profileLanguageOfNewSignIn, profileLanguageToApply } from './features/auth/profile-language';
import { initI18n } from './i18n/i18n';
import { firstScreenRendering } from './lib/first-screen';
import { createQueryClient } from './lib/query-client';
import { primeServerAnswers } from './lib/server-answers';
import type { User } from '../contract/schemas/user';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);
const queryClient = createQueryClient();
// The session check's answer, and a signed-in visitor's first page, may have come with the HTML
// (docs/decisions/0030).
const serverAnswers = primeServerAnswers();
// Trusted, not parsed: ADR 0012 (the server serialised it through the same schema).
const sessionUser = serverAnswers.get(AUTH_USER_URL) as User | undefined;

// The first render waits for the translations (every visible text comes from
// them, so rendering earlier would flash raw keys), the session check and the
// first page's code, which its answer starts loading at once (with the page's
// data): the page then renders once, complete, instead of passing through
// spinners and lazy-loading steps. Until then index.html shows the spinner.
// Errors are not handled here: the router's useAuthUser and the pages show them.
let firstPageCode: Promise<void> = Promise.resolve();
const sessionChecked = queryClient
  .query(
    authUserQueryOptions((signedIn) => {
      firstPageCode = preloadFirstPage(window.location.pathname, signedIn, queryClient);
    }),
  )
  .catch(() => undefined)
  .then(() => firstPageCode);

// After a sign-in the interface follows the language saved in the profile
// (spec §4). Known with the HTML, it is the language the translations load
// in; otherwise (the session's answer did not come with the page) the
// interface switches to it before the first render, so no page flashes in
// the other language, at the cost of a second locale file on that one load.
const i18nReady = initI18n(
  sessionUser ? { firstChoice: () => profileLanguageOfNewSignIn(sessionUser, browserStorage()) } : {},
);

/** Lets the browser run what waits (and end the current task) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void Promise.all([i18nReady, sessionChecked]).then(async ([i18n]) => {
  const user = queryClient.getQueryData<User | null>([AUTH_USER_URL]);
  const profileLanguage = profileLanguageToApply(user, i18n.resolvedLanguage, browserStorage());
  if (profileLanguage) await i18n.changeLanguage(profileLanguage).catch(() => undefined);
  if (user) {
    // The signed-in pages show dates. A page's first Intl formatter costs far more than any after it
    // (the engine loads its formatting data: 20–30 ms on a fast machine, several times that on a
    // phone): built here, in a task of its own, it no longer makes one long task with the first
    // card's render (docs/performance.md, client round 3). The cards build their own (lib/format-date).
    // A page the server sent with its hints has built one already while this code downloaded (the
    // first-formatter script, vite.config.ts); this one then costs almost nothing.
    await nextTask();
    new Intl.RelativeTimeFormat(i18n.resolvedLanguage, { numeric: 'auto' }).format(-1, 'day');
    await nextTask();
  }
  // The render is a transition so React renders in slices of a few
  // milliseconds and lets the browser in between, instead of one task of the
  // whole first page (about 120 ms on a mid-range phone, the largest part of
  // the Total Blocking Time Lighthouse measured, docs/performance.md). Nothing
  // is on screen yet but the static spinner, so nothing waits for it.
  firstScreenRendering();
  startTransition(() => {
    root.render(
      <StrictMode>
        <App i18n={i18n} queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
