import type { Language } from '../../contract/enums';
import type { IdpAccount } from './accounts';
import type { IdpText } from './page-text';

/** HTML-escapes text for element content and quoted attribute values. */
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

export interface SignInPageModel {
  language: Language;
  t: IdpText;
  uid: string;
  accounts: IdpAccount[];
  /** The passkey page of this sign-in, where passkeys work here (docs/decisions/0051). */
  passkeyUrl?: string;
  /** Values and translated errors of a refused create-account form. */
  form?: {
    name: string;
    username: string;
    email: string;
    errors: Partial<Record<'name' | 'username' | 'email', string>>;
  };
}

/**
 * The built-in provider's sign-in page. Plain HTML forms, no script at all:
 * the Content-Security-Policy forbids inline script and this page needs none.
 */
export function renderSignInPage(model: SignInPageModel): string {
  const { t, uid } = model;
  const action = (path: string) => `/oidc/interaction/${encodeURIComponent(uid)}/${path}`;
  const field = (name: 'name' | 'username' | 'email', type: string, autocomplete: string, required: boolean) => {
    const error = model.form?.errors[name];
    const errorId = `${name}-error`;
    return `
      <label for="${name}">${escapeHtml(t(`field.${name}`))}</label>
      <input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}"
        value="${escapeHtml(model.form?.[name] ?? '')}" ${required ? 'required' : ''}
        ${error ? `aria-invalid="true" aria-describedby="${errorId}"` : ''}>
      ${error ? `<p class="error" id="${errorId}">${escapeHtml(error)}</p>` : ''}`;
  };
  const accounts = model.accounts.length
    ? `<ul class="accounts">${model.accounts
        .map(
          (account) => `
        <li><form method="post" action="${action('login')}">
          <input type="hidden" name="accountId" value="${escapeHtml(account.id)}">
          <button type="submit" class="account">
            <span class="name">${escapeHtml(account.name)}</span>
            <span class="username">@${escapeHtml(account.username)}</span>
          </button>
        </form></li>`,
        )
        .join('')}</ul>`
    : `<p class="muted">${escapeHtml(t('noAccounts'))}</p>`;

  return `<!doctype html>
<html lang="${model.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('title'))}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
  <h1>${escapeHtml(t('title'))}</h1>
  <p class="notice" role="note"><strong>${escapeHtml(t('noticeTitle'))}</strong> ${escapeHtml(t('notice'))}</p>
  ${model.passkeyUrl ? `<p><a class="passkey" href="${escapeHtml(model.passkeyUrl)}">${escapeHtml(t('usePasskey'))}</a></p>` : ''}
  <section aria-labelledby="pick">
    <h2 id="pick">${escapeHtml(t('pickAccount'))}</h2>
    ${accounts}
  </section>
  <section aria-labelledby="create">
    <h2 id="create">${escapeHtml(t('createAccount'))}</h2>
    <form method="post" action="${action('create')}" novalidate>
      ${field('name', 'text', 'name', true)}
      ${field('username', 'text', 'username', true)}
      <p class="hint">${escapeHtml(t('usernameHint'))}</p>
      ${field('email', 'email', 'email', false)}
      <button type="submit" class="primary">${escapeHtml(t('createAndSignIn'))}</button>
    </form>
  </section>
  <form method="post" action="${action('abort')}">
    <button type="submit" class="link">${escapeHtml(t('cancel'))}</button>
  </form>
</main>
</body>
</html>`;
}

export function renderMessagePage(language: Language, title: string, message: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Lendloop</a></p></main></body>
</html>`;
}

const PAGE_STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f0fdfa;color:#0f172a}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.5rem;margin:.5rem 0 1rem;color:#115e59}
h2{font-size:1.05rem;margin:1.5rem 0 .5rem}.notice{background:#fef3c7;border:1px solid #f59e0b;border-radius:.5rem;padding:.75rem;font-size:.9rem}
.accounts{list-style:none;padding:0;margin:0;display:grid;gap:.5rem}.account{width:100%;display:flex;justify-content:space-between;gap:.5rem;align-items:center;
padding:.75rem 1rem;border:1px solid #99f6e4;border-radius:.5rem;background:#fff;font:inherit;cursor:pointer;text-align:left}
.account:hover{border-color:#0f766e}.username{color:#475569;font-size:.9rem}.muted,.hint{color:#475569;font-size:.9rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{width:100%;padding:.6rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;font:inherit;background:#fff}
input[aria-invalid=true]{border-color:#b91c1c}.error{color:#b91c1c;margin:.25rem 0 0;font-size:.9rem}
.primary{margin-top:1rem;width:100%;padding:.7rem;border:0;border-radius:.5rem;background:#0f766e;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.passkey{display:block;padding:.7rem;border:1px solid #0f766e;border-radius:.5rem;text-align:center;color:#115e59;font-weight:600;text-decoration:none}
.link{margin-top:1.5rem;background:none;border:0;color:#115e59;text-decoration:underline;font:inherit;cursor:pointer;padding:0}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}`;
