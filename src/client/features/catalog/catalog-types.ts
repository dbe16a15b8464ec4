import type { RouterOutputs } from '../../lib/trpc';

/** A package as the catalogue calls answer it (money in paise). */
export type Package = RouterOutputs['catalog']['list'][number];
