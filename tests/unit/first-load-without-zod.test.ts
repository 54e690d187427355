import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * zod must not load before a dialog opens on the signed-out landing page, My
 * Items or Available Items (first-load budget; docs/decisions/0012): the
 * client trusts answer shapes and validates only input, in lazily loaded
 * forms. This follows the static value imports (not `import type`, not
 * `import()`, which is a chunk of its own) from the entry and the first
 * pages' chunks, as the bundler does, and fails with the chain that reaches
 * zod, typically a plain constant imported from a contract file that also
 * builds schemas (move it to enums.ts, limits.ts or items.ts).
 */
const root = path.resolve(import.meta.dirname, '../..');
const client = path.join(root, 'src/client');
const FIRST_LOAD = ['main.tsx', 'app/signed-in-app.tsx', 'app/routes/my-items.tsx', 'app/routes/available-items.tsx'];
const LANDING = ['main.tsx', 'app/routes/landing.tsx'];

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file),
  );
}

/** The modules a file imports for their values (type-only imports and re-exports are erased). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly && ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** Each chain of modules from a root to an import of zod. */
function pathsToZod(roots: string[]): string[] {
  const reachedFrom = new Map<string, string | null>();
  const queue = roots.map((name) => path.join(client, name));
  for (const file of queue) reachedFrom.set(file, null);
  const chains: string[] = [];
  const chainTo = (file: string): string[] => {
    const previous = reachedFrom.get(file);
    return [...(previous ? chainTo(previous) : []), path.relative(root, file)];
  };
  for (const file of queue) {
    for (const specifier of valueImports(file)) {
      if (specifier === 'zod' || specifier.startsWith('zod/') || specifier === '@hookform/resolvers/zod') {
        chains.push([...chainTo(file), specifier].join(' → '));
      }
      const target = specifier.startsWith('.') ? resolve(file, specifier) : undefined;
      if (target && !reachedFrom.has(target)) {
        reachedFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return chains;
}

describe('first-load JavaScript', () => {
  it('has no zod on the signed-in My Items and Available Items pages', () => {
    expect(pathsToZod(FIRST_LOAD)).toEqual([]);
  });

  it('has no zod on the landing page', () => {
    expect(pathsToZod(LANDING)).toEqual([]);
  });

  it('would notice zod (the check follows value imports into the contract)', () => {
    expect(pathsToZod(['features/items/components/item-form.tsx']).length).toBeGreaterThan(0);
  });
});
