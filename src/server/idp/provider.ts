import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../db/client';
import { findAccount } from './accounts';
import { postgresAdapterFor } from './postgres-adapter';
import { loadOrCreateSigningKey } from './signing-key';
import { escapeHtml } from './sign-in-page';

export interface BuiltinProviderSettings {
  issuer: string;
  db: Database;
  dataDir: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  cookieKeys: string[];
  trustProxy: boolean;
}

/** Scopes the built-in client may receive; all are granted without a consent page (first-party). */
const GRANTED_SCOPE = 'openid profile email';

/**
 * The built-in OpenID provider (docs/decisions/0002-built-in-identity-provider.md):
 * a real oidc-provider with code flow + PKCE, our own sign-in pages, and local
 * accounts in PostgreSQL. Its protocol state (interactions, codes, grants)
 * lives in PostgreSQL too (postgres-adapter.ts), so a restart mid-sign-in
 * loses nothing and instances sharing the database and secrets agree.
 */
export function createBuiltinProvider(settings: BuiltinProviderSettings): Provider {
  const configuration: Configuration = {
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: [settings.redirectUri],
        post_logout_redirect_uris: [settings.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    adapter: postgresAdapterFor(settings.db),
    pkce: { required: () => true },
    cookies: { keys: settings.cookieKeys },
    jwks: { keys: [loadOrCreateSigningKey(settings.dataDir)] },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'locale'],
      email: ['email', 'email_verified'],
    },
    // The relying party reads name and email from the ID token directly.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    interactions: {
      url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx, id) {
      const account = await findAccount(settings.db, id);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          name: account.name,
          preferred_username: account.username,
          ...(account.email ? { email: account.email, email_verified: account.emailConfirmedAt !== null } : {}),
        }),
      };
    },
    // First-party client: grant the requested scopes without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const existing = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (existing) {
        const grant = await ctx.oidc.provider.Grant.find(existing);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(GRANTED_SCOPE);
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head>
<body><main><h1>Sign-in error</h1><p>${escapeHtml(String(out.error ?? 'error'))}: ${escapeHtml(String(out.error_description ?? ''))}</p><p><a href="/">Lendloop</a></p></main></body></html>`;
    },
    ttl: {
      Interaction: 60 * 60,
      Session: 60 * 60,
      Grant: 60 * 60,
    },
  };
  const provider = new Provider(settings.issuer, configuration);
  provider.proxy = settings.trustProxy;
  return provider;
}
