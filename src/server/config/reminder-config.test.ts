import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { DATA_DIR: '/tmp/lendloop-config-test', SESSION_SECRET: 'x'.repeat(40) };

describe('REMINDER_TIME_ZONE', () => {
  it('defaults to Europe/Zurich at 9 in the morning', () => {
    expect(loadConfig(base).reminders).toEqual({ timeZone: 'Europe/Zurich', hour: 9 });
  });

  it('takes any IANA zone and refuses an unknown one by name', () => {
    expect(loadConfig({ ...base, REMINDER_TIME_ZONE: 'America/New_York' }).reminders.timeZone).toBe('America/New_York');
    expect(() => loadConfig({ ...base, REMINDER_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(/REMINDER_TIME_ZONE/);
  });
});
