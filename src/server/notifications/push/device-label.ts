/**
 * A short name for the device a subscription belongs to, from its
 * User-Agent ("Firefox on Android"), so the profile can tell devices apart.
 * Never more than the browser and the system: the full string is not kept.
 */
export function deviceLabelOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = firstMatch(userAgent, [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ]);
  const system = firstMatch(userAgent, [
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ]);
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? null;
}

function firstMatch(text: string, patterns: readonly (readonly [RegExp, string])[]): string | null {
  for (const [pattern, name] of patterns) if (pattern.test(text)) return name;
  return null;
}
