/**
 * The built-in provider's issuer for a PUBLIC_URL: PUBLIC_URL/oidc. One
 * place, for buildApp (setUpSignIn, the account deletion), the seed and the
 * tests, so none can drift from the others.
 */
export function builtinIssuerFor(publicUrl: URL): string {
  return new URL('/oidc', publicUrl).href;
}
