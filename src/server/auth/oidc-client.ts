import * as oidc from 'openid-client';

/**
 * The relying-party side of sign-in, against any OpenID Connect issuer
 * (external, or the built-in provider mounted at /oidc). Discovery is lazy:
 * the built-in issuer is this very server, which is not listening yet when
 * the app is built.
 */
export interface OidcClientSettings {
  issuerUrl: URL;
  clientId: string;
  clientSecret: string | undefined;
  redirectUri: string;
  scopes: string;
  /** http:// issuers are only accepted on loopback (local development, tests). */
  allowInsecureHttp: boolean;
  /** Extra authorization parameters, e.g. prompt=login for the built-in provider. */
  extraAuthParams?: Record<string, string>;
}

export interface PendingLogin {
  codeVerifier: string;
  state: string;
  nonce: string;
}

export interface CompletedLogin {
  issuer: string;
  claims: oidc.IDToken;
  idToken: string | undefined;
}

export interface OidcClient {
  startLogin(): Promise<{ url: URL; pending: PendingLogin }>;
  finishLogin(callbackUrl: URL, pending: PendingLogin): Promise<CompletedLogin>;
  /** The issuer's end-session URL, when it advertises one. */
  logoutUrl(idToken: string | null, postLogoutRedirectUri: string): Promise<URL | undefined>;
}

export function createOidcClient(settings: OidcClientSettings): OidcClient {
  let configuration: Promise<oidc.Configuration> | undefined;
  const getConfiguration = () => {
    configuration ??= oidc
      .discovery(
        settings.issuerUrl,
        settings.clientId,
        settings.clientSecret,
        undefined,
        settings.allowInsecureHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        // Do not cache a failed discovery: the issuer may be back next time.
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async startLogin() {
      const config = await getConfiguration();
      const pending: PendingLogin = {
        codeVerifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        ...settings.extraAuthParams,
      });
      return { url, pending };
    },

    async finishLogin(callbackUrl, pending) {
      const config = await getConfiguration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The issuer returned no ID token');
      let merged = claims;
      // Some issuers put profile claims only in userinfo.
      if ((!claims.name || !claims.email) && tokens.access_token) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => undefined);
        if (info) merged = { ...info, ...claims, name: claims.name ?? info.name, email: claims.email ?? info.email };
      }
      return { issuer: config.serverMetadata().issuer, claims: merged, idToken: tokens.id_token };
    },

    async logoutUrl(idToken, postLogoutRedirectUri) {
      const config = await getConfiguration().catch(() => undefined);
      if (!config?.serverMetadata().end_session_endpoint) return undefined;
      return oidc.buildEndSessionUrl(config, {
        post_logout_redirect_uri: postLogoutRedirectUri,
        ...(idToken ? { id_token_hint: idToken } : {}),
      });
    },
  };
}
