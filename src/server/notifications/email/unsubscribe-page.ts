import type { Language } from '@/contract/enums';
import type { LocaleText } from '../../i18n/locale-texts';
import { escapeHtml } from './render-digest';
import type { UnsubscribeScope } from './unsubscribe-token';

export type UnsubscribePageModel =
  | { state: 'confirm'; scope: UnsubscribeScope; formAction: string }
  | { state: 'done'; scope: UnsubscribeScope }
  | { state: 'invalid' };

/**
 * The page an unsubscribe link opens: a confirmation with one button (a GET
 * must change nothing: mail scanners open links), then "done". Plain HTML,
 * no script (the CSP forbids inline script and the page needs none); it
 * works signed out, the token is the only credential.
 */
export function renderUnsubscribePage(language: Language, t: LocaleText, model: UnsubscribePageModel): string {
  const e = escapeHtml;
  const scopeText = (scope: UnsubscribeScope, all: string, one: string) =>
    scope === 'all' ? t(all) : t(one, { scope: t(`unsubscribe.scope.${scope}`) });
  let title: string;
  let content: string;
  if (model.state === 'confirm') {
    title = t('unsubscribe.title');
    content = `<p>${e(scopeText(model.scope, 'unsubscribe.confirmAll', 'unsubscribe.confirm'))}</p>
  <p class="muted">${e(t('unsubscribe.confirmHint'))}</p>
  <form method="post" action="${e(model.formAction)}">
    <button type="submit" class="primary">${e(t('unsubscribe.button'))}</button>
  </form>`;
  } else if (model.state === 'done') {
    title = t('unsubscribe.doneTitle');
    content = `<p>${e(scopeText(model.scope, 'unsubscribe.doneAll', 'unsubscribe.done'))}</p>
  <p class="muted">${e(t('unsubscribe.settings'))}</p>
  <p><a href="/profile?tab=notifications">${e(t('unsubscribe.openProfile'))}</a></p>`;
  } else {
    title = t('unsubscribe.invalidTitle');
    content = `<p>${e(t('unsubscribe.invalid'))}</p>
  <p><a href="/profile">${e(t('unsubscribe.openProfile'))}</a></p>`;
  }
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} · Lendloop</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
  <p class="brand">Lendloop</p>
  <h1>${e(title)}</h1>
  ${content}
</main>
</body>
</html>`;
}

const PAGE_STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f0fdfa;color:#0f172a;line-height:1.5}
main{max-width:28rem;margin:0 auto;padding:2rem 1rem 3rem}.brand{margin:0;font-weight:700;color:#0f766e}
h1{font-size:1.5rem;margin:.5rem 0 1rem;color:#115e59}.muted{color:#475569;font-size:.95rem}a{color:#115e59}
.primary{margin-top:.5rem;width:100%;padding:.75rem;border:0;border-radius:.5rem;background:#0f766e;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.primary:hover{background:#115e59}button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}`;
