import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The client's layering rules (eslint.config.js, ARCHITECTURE.md "Client")
 * are only worth having if they fail on a wrong import. These lint made-up
 * text as if it sat at a real path, with the project's own configuration, so
 * the imports resolve to the real files.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIds(relativePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${relativePath}` });
  return result!.messages.map((message) => message.ruleId);
}

// Uses what it imports, so only the layering rules can object.
const importing = (specifier: string, name: string) =>
  `import { ${name} } from '${specifier}';\n\nexport const used = ${name};\n`;

describe('client boundaries (import-x/no-restricted-paths)', () => {
  it('refuses a feature importing another feature', async () => {
    const ids = await ruleIds(
      'src/client/features/items/boundary-probe.ts',
      importing('../lending/request-state', 'sentRequestByItem'),
    );
    expect(ids).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a feature importing app/', async () => {
    const ids = await ruleIds(
      'src/client/features/items/boundary-probe.ts',
      importing('../../app/item-card-lending', 'ITEM_CARD_LENDING'),
    );
    expect(ids).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses shared code (components/, lib/) importing a feature', async () => {
    expect(
      await ruleIds(
        'src/client/components/layouts/boundary-probe.ts',
        importing('../../features/news/news-items', 'NEWS_PRIORITIES'),
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'src/client/lib/boundary-probe.ts',
        importing('../features/lending/request-state', 'sentRequestByItem'),
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets a feature use its own files, lib/ and components/, and app/ compose features', async () => {
    expect(
      await ruleIds(
        'src/client/features/items/boundary-probe.ts',
        `import { CATEGORY_LABEL_KEYS } from '../../lib/item-labels';\nimport { Button } from '../../components/ui/button';\nimport { DONATION_URL } from './donation';\n\nexport const used = [CATEGORY_LABEL_KEYS, Button, DONATION_URL];\n`,
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'src/client/app/boundary-probe.ts',
        importing('../features/lending/request-state', 'sentRequestByItem'),
      ),
    ).toEqual([]);
  });
});

describe('client import cycles (import-x/no-cycle)', () => {
  it('refuses a module importing one that imports it back', async () => {
    // lib/error-message.ts imports lib/api-client.ts; this api-client imports it back.
    const ids = await ruleIds('src/client/lib/api-client.ts', importing('./error-message', 'getErrorMessage'));
    expect(ids).toEqual(['import-x/no-cycle']);
  });
});

describe('server tests replace no module (no-restricted-properties)', () => {
  // The server project runs its files in shared forks (isolate: false, ADR 0038).
  const mocking = `import { vi } from 'vitest';\n\nvi.mock('./send-message', () => ({}));\n`;

  it('refuses vi.mock in a server test, and keeps allowing it in a client test (isolated)', async () => {
    expect(await ruleIds('src/server/messages/boundary-probe.test.ts', mocking)).toEqual(['no-restricted-properties']);
    expect(await ruleIds('src/client/features/items/boundary-probe.test.ts', mocking)).toEqual([]);
  });

  it('refuses the other ways to replace or reload modules too', async () => {
    for (const call of ["vi.doMock('./send-message')", 'vi.hoisted(() => 1)', 'vi.resetModules()']) {
      const ids = await ruleIds(
        'src/server/messages/boundary-probe.test.ts',
        `import { vi } from 'vitest';\n\n${call};\n`,
      );
      expect(ids, call).toEqual(['no-restricted-properties']);
    }
  });
});

describe('server layers (import-x/no-restricted-paths, ARCHITECTURE.md "Server layers")', () => {
  it('refuses the foundation importing anything above it', async () => {
    expect(
      await ruleIds('src/server/db/boundary-probe.ts', importing('../items/item-visibility', 'visibleToViewer')),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIds('src/server/db/boundary-probe.ts', importing('../http/app-error', 'AppError'))).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('sees an import through the `@/` alias (src/) as the import it is', async () => {
    expect(
      await ruleIds('src/server/db/boundary-probe.ts', importing('@/server/items/item-visibility', 'visibleToViewer')),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'src/client/features/items/boundary-probe.ts',
        importing('@/client/features/lending/request-state', 'sentRequestByItem'),
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(await ruleIds('src/server/policies/actor.ts', importing('@/server/policies', 'authorize'))).toEqual([
      'import-x/no-cycle',
    ]);
  });

  it('refuses the platform importing a service, and a service importing a feature', async () => {
    expect(
      await ruleIds('src/server/http/boundary-probe.ts', importing('../auth/session-store', 'findActiveSession')),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await ruleIds(
        'src/server/notifications/boundary-probe.ts',
        importing('../lending/requests/lending-messages', 'lendingStepMessage'),
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a feature, or any layer, importing the composition root', async () => {
    expect(await ruleIds('src/server/items/boundary-probe.ts', importing('../app', 'buildApp'))).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(
      await ruleIds('src/server/auth/boundary-probe.ts', importing('../server-parts', 'createJobHandlers')),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets a feature use the layers below and another feature, and the root compose them', async () => {
    expect(
      await ruleIds(
        'src/server/lending/boundary-probe.ts',
        `import { authorize } from '../policies';\nimport { AppError } from '../http/app-error';\nimport { writeMessages } from '../message-writer/write-messages';\nimport { visibleToViewer } from '../items/item-visibility';\n\nexport const used = [authorize, AppError, writeMessages, visibleToViewer];\n`,
      ),
    ).toEqual([]);
    expect(await ruleIds('src/server/boundary-probe.ts', importing('./lending/routes', 'lendingRoutes'))).toEqual([]);
  });

  it('refuses a server module importing one that imports it back (import-x/no-cycle)', async () => {
    // policies/index.ts imports policies/actor.ts; this actor imports the index back.
    expect(await ruleIds('src/server/policies/actor.ts', importing('./index', 'authorize'))).toEqual([
      'import-x/no-cycle',
    ]);
  });
});
