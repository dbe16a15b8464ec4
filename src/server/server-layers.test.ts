import { describe, expect, it } from 'vitest';
import { cyclesOf, folderGraph } from '../test/import-graph.js';

/**
 * The server's folders import downwards only (docs/architecture.md, "Layers"). Each feature folder
 * is a node; the rest are layers. `lib/`, `db/` and `config.ts` are one floor (they lean on one
 * another: the settings check the data key, the database seals with lib's crypto). biome's
 * noImportCycles sees cycles of files only; this sees them between folders, type imports counted.
 */
const floor = 'lib, db, config';
const layers = [floor, 'trpc', 'features', 'events', 'root-router', 'rest', 'http', 'main', 'cli'];

function nodeOf(file: string): string | null {
  const [top, second] = file.split('/');
  if (top === 'lib' || top === 'db' || top === 'config.ts') return floor;
  if (top === 'features') return second?.endsWith('.ts') ? null : `features/${second}`;
  if (top === 'trpc' || top === 'events' || top === 'rest' || top === 'http' || top === 'cli') return top;
  if (top === 'root-router.ts' || top === 'main.ts') return top.replace(/\.ts$/, '');
  return null;
}

const layerOf = (node: string) => layers.indexOf(node.startsWith('features/') ? 'features' : node);

const graph = folderGraph(import.meta.dirname, nodeOf);

describe("the server's folders", () => {
  it('are all placed in a layer', () => {
    expect(graph.size).toBeGreaterThan(20);
    for (const node of graph.keys()) expect(layerOf(node), node).toBeGreaterThanOrEqual(0);
  });

  it('import only layers below theirs, features one another too', () => {
    const upwards = [...graph].flatMap(([from, imports]) =>
      [...imports]
        .filter(([to]) => layerOf(to) > layerOf(from) || (layerOf(to) === layerOf(from) && !from.startsWith('features/')))
        .map(([to, file]) => `${from} -> ${to} (${file})`),
    );
    expect(graph.get('features/orders')?.has('features/auth')).toBe(true);
    expect(upwards).toEqual([]);
  });

  it('form no cycle, however long', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });
});
