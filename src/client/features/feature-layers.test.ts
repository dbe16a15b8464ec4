import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The client's features import one another in one direction only (docs/decisions/120-client-feature-layers.md):
 * the folders and their imports form no cycle, however long. biome's noImportCycles sees cycles of
 * modules only; two features can import each other through different modules without one.
 */
const features = import.meta.dirname;

function importsOf(feature: string): Set<string> {
  const used = new Set<string>();
  for (const file of readdirSync(path.join(features, feature))) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const source = readFileSync(path.join(features, feature, file), 'utf8');
    for (const [, other] of source.matchAll(/(?:from|import\()\s*'\.\.\/([a-z-]+)\//g)) if (other !== feature) used.add(other!);
  }
  return used;
}

describe("the client's features", () => {
  it('import one another without a cycle', () => {
    const graph = new Map(
      readdirSync(features, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => [entry.name, importsOf(entry.name)]),
    );
    const cycles: string[] = [];
    const walk = (feature: string, trail: string[]) => {
      if (trail.includes(feature)) {
        cycles.push([...trail.slice(trail.indexOf(feature)), feature].join(' -> '));
        return;
      }
      for (const next of graph.get(feature) ?? []) walk(next, [...trail, feature]);
    };
    for (const feature of graph.keys()) walk(feature, []);
    expect(graph.get('orders')).toContain('auth');
    expect(cycles).toEqual([]);
  });
});
