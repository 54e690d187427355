import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_LAYERS } from '../../eslint.config.js';

/**
 * The server's folders import each other in one direction only (issue 34,
 * ARCHITECTURE.md "Server layers"). ESLint keeps the layers apart
 * (lint-boundaries.test.ts proves it fires) and refuses a module cycle; a
 * circle of folders can exist without one (a → b in one file, b → a in
 * another), so this test reads every import and looks for such a circle.
 */
const serverRoot = fileURLToPath(new URL('../../src/server', import.meta.url));
const srcRoot = fileURLToPath(new URL('../../src', import.meta.url));
/** Relative imports, and `@/…` ones (src/, tsconfig.json's `paths`). */
const IMPORT = /(?:from|import)\s*\(?\s*['"]((?:\.{1,2}|@)\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The top folder of src/server a path is in; files directly in it are the composition root. */
function folderOf(file: string): string {
  const [first, ...rest] = path.relative(serverRoot, file).split(path.sep);
  return rest.length === 0 ? '(root)' : (first ?? '(root)');
}

function resolveImport(from: string, specifier: string): string {
  const target = specifier.startsWith('@/')
    ? path.join(srcRoot, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  if (existsSync(target) && statSync(target).isDirectory()) return path.join(target, 'index.ts');
  return target.endsWith('.ts') ? target : `${target}.ts`;
}

/** Folder → the folders its files import, and one file import per edge to name in a failure. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(serverRoot)) {
    const from = folderOf(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, match[1]!);
      if (!target.startsWith(serverRoot)) continue;
      const to = folderOf(target);
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${path.relative(serverRoot, file)} → ${match[1]}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The first circle found (its folders, first repeated at the end), or null. */
export function findCircle(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next];
      if (!state.has(next)) {
        const circle = visit(next);
        if (circle) return circle;
      }
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const circle = visit(node);
    if (circle) return circle;
  }
  return null;
}

describe('server folders', () => {
  it('import each other without a circle', () => {
    const graph = folderGraph();
    const circle = findCircle(graph);
    const named = circle?.slice(1).map((to, i) => graph.get(circle[i]!)?.get(to));
    expect(circle, `a circle of folders: ${named?.join('; ')}`).toBeNull();
  });

  it('the circle finder finds a circle of two and of three, and none in a line', () => {
    const graph = (edges: [string, string][]) => {
      const result = new Map<string, Map<string, string>>();
      for (const [from, to] of edges) result.set(from, (result.get(from) ?? new Map()).set(to, ''));
      return result;
    };
    expect(
      findCircle(
        graph([
          ['a', 'b'],
          ['b', 'a'],
        ]),
      ),
    ).toEqual(['a', 'b', 'a']);
    expect(
      findCircle(
        graph([
          ['x', 'a'],
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
    expect(
      findCircle(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toBeNull();
  });

  it('every folder the layers name exists, so the lint zones cannot go stale unnoticed', () => {
    for (const layer of SERVER_LAYERS) {
      for (const folder of layer.folders) expect(existsSync(path.join(serverRoot, folder)), folder).toBe(true);
    }
  });
});
