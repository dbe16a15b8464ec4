import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/root-router';

type Outputs = inferRouterOutputs<AppRouter>;

/** A package as the catalogue calls answer it (money in paise). */
export type Package = Outputs['catalog']['list'][number];
