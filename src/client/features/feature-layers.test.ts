import { describe, expect, it } from 'vitest';
import { cyclesOf, folderGraph } from '../../test/import-graph.js';

/**
 * The client's features import one another in one direction only (docs/decisions/120-client-feature-layers.md):
 * the folders and their imports form no cycle, however long.
 */
describe("the client's features", () => {
  it('import one another without a cycle', () => {
    const graph = folderGraph(import.meta.dirname, (file) => (file.includes('/') ? file.split('/')[0]! : null));
    expect(graph.get('orders')?.has('auth')).toBe(true);
    expect(cyclesOf(graph)).toEqual([]);
  });
});
