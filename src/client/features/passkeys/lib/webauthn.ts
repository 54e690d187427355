import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's passkey prompts (WebAuthn, through @simplewebauthn/browser,
 * docs/decisions/0051), with their failures sorted into what the page says:
 * the person cancelled or waited too long, the passkey exists already on
 * this device, or anything else.
 */
export type PasskeyPromptFailure = 'cancelled' | 'exists' | 'unsupported' | 'failed';

export class PasskeyPromptError extends Error {
  override name = 'PasskeyPromptError';
  constructor(
    readonly failure: PasskeyPromptFailure,
    cause: unknown,
  ) {
    super(`passkey prompt: ${failure}`, { cause });
  }
}

export const passkeysSupported = () => browserSupportsWebAuthn();

/*
 * The options are @simplewebauthn/server's JSON, passed through our API as an opaque record
 * (contract/schemas/passkeys.ts `webauthnOptionsSchema`): the same library's browser half reads them,
 * hence the casts below rather than a second, hand-written schema of WebAuthn's options.
 */
export async function promptPasskeyCreation(options: Record<string, unknown>): Promise<RegistrationResponseJSON> {
  try {
    return await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw new PasskeyPromptError(failureOf(error), error);
  }
}

export async function promptPasskeySignIn(options: Record<string, unknown>): Promise<AuthenticationResponseJSON> {
  try {
    return await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  } catch (error) {
    throw new PasskeyPromptError(failureOf(error), error);
  }
}

function failureOf(error: unknown): PasskeyPromptFailure {
  if (!browserSupportsWebAuthn()) return 'unsupported';
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'exists';
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  return 'failed';
}
