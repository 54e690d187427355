// First: configures zod before any schema module loads (see the module).
import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { authUserQueryOptions } from './features/auth/api/get-auth-user';
import { initI18n } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);
const queryClient = createQueryClient();

// Translations first: every visible text comes from them, so rendering
// earlier would flash raw keys. The session check starts in parallel.
// Errors are ignored here: the router's useAuthUser shows the outcome.
queryClient.query(authUserQueryOptions()).catch(() => undefined);
void initI18n().then((i18n) => {
  root.render(
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} />
    </StrictMode>,
  );
});
