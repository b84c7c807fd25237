import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The modules depend on each other one way (issue 26): ESLint's import-x/no-cycle forbids a cycle
 * of files, and this forbids a cycle of modules, where proposals/ uses signing/ and signing/ uses
 * a file of proposals/ without any one file importing itself back. What two modules both need
 * goes down into a module below both (signers/, revisions/) or is handed in at the root.
 */

const modulesDir = path.dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

type TEdges = Map<string, Map<string, string>>;

/** Each module's imports of other modules, with one file that makes each edge. */
function moduleEdges(): TEdges {
  const edges: TEdges = new Map();
  for (const name of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!name.isDirectory()) continue;
    const from = new Map<string, string>();
    edges.set(name.name, from);
    const dir = path.join(modulesDir, name.name);
    for (const file of readdirSync(dir, { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const [, spec] of text.matchAll(IMPORT)) {
        const target = path.relative(modulesDir, path.resolve(path.dirname(path.join(dir, file)), spec!));
        const [other] = target.split(path.sep);
        if (!target.startsWith('..') && other && other !== name.name && !from.has(other)) {
          from.set(other, `${name.name}/${file}`);
        }
      }
    }
  }
  return edges;
}

/** A cycle of the graph as its nodes in order (the first repeated at the end), or null. */
export function findCycle(edges: Map<string, Iterable<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    trail.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...edges.keys()].sort()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe('the server modules depend on each other one way', () => {
  it('finds a cycle of three, and none in a chain', () => {
    const graph = (pairs: [string, string][]) => {
      const edges = new Map<string, string[]>();
      for (const [a, b] of pairs) edges.set(a, [...(edges.get(a) ?? []), b]);
      return edges;
    };
    expect(
      findCycle(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
    expect(
      findCycle(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toBeNull();
  });

  it('no module reaches itself through others', () => {
    const edges = moduleEdges();
    expect(edges.size).toBeGreaterThan(20);
    expect([...edges.get('signing')!.keys()]).toContain('signers');
    const cycle = findCycle(new Map([...edges].map(([name, to]) => [name, [...to.keys()]])));
    const through = cycle?.slice(1).map((to, i) => edges.get(cycle[i]!)!.get(to));
    expect(cycle, `modules in a cycle: ${cycle?.join(' -> ')}, through ${through?.join(', ')}`).toBeNull();
  });
});
