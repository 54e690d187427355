export interface SessionCookieSettings {
  name: string;
  secure: boolean;
  /**
   * The attributes the cookie is set with, and must be cleared with: browsers
   * ignore a change to a `__Host-` cookie that lacks them.
   */
  options: { path: '/'; httpOnly: true; sameSite: 'lax'; secure: boolean };
}

/** `__Host-` binds the cookie to our exact origin over https (no Domain, Path=/). */
export function sessionCookieSettings(secure: boolean): SessionCookieSettings {
  return {
    name: secure ? '__Host-lendloop_session' : 'lendloop_session',
    secure,
    options: { path: '/', httpOnly: true, sameSite: 'lax', secure },
  };
}
