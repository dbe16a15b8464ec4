import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Folder-level import graphs for the layer tests. biome's noImportCycles sees cycles of modules
 * only: two folders can lean on each other through different modules without one.
 */

/** A folder's graph: each node (a folder, or a layer made of several) and the nodes it imports, with one importing file per edge. */
export type FolderGraph = Map<string, Map<string, string>>;

/** The modules a source file imports by a relative path (type imports, re-exports and `import()` too), as absolute paths. */
function relativeImportsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map(([, specifier]) => path.resolve(path.dirname(file), specifier!));
}

/** The source files under a folder, tests left out. */
function sourcesUnder(folder: string): string[] {
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

/**
 * The graph of the source files under `root`: `nodeOf` names each file's node (null: not a node),
 * for the importing file and the imported one alike; imports within a node are not edges.
 */
export function folderGraph(root: string, nodeOf: (relativePath: string) => string | null): FolderGraph {
  const graph: FolderGraph = new Map();
  const nodeOfPath = (file: string) => {
    const relative = path.relative(root, file);
    return relative.startsWith('..') ? null : nodeOf(relative.split(path.sep).join('/'));
  };
  for (const file of sourcesUnder(root)) {
    const from = nodeOfPath(file);
    if (from === null) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const imported of relativeImportsOf(file)) {
      const to = nodeOfPath(imported);
      if (to === null || to === from || graph.get(from)!.has(to)) continue;
      graph.get(from)!.set(to, path.relative(root, file));
    }
  }
  return graph;
}

/**
 * Every set of nodes that import one another in a ring, however long (Tarjan's strongly connected
 * components), each as its import edges: "a -> b (a/x.ts)".
 */
export function cyclesOf(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const rings: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const ring = stack.splice(stack.indexOf(node));
    if (ring.length > 1) {
      rings.push(
        ring.flatMap((from) => [...(graph.get(from) ?? [])].filter(([to]) => ring.includes(to)).map(([to, file]) => `${from} -> ${to} (${file})`)).sort(),
      );
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return rings;
}
