import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>;

/** A package as the catalogue calls answer it (money in paise). */
export type Package = Outputs['catalog']['list'][number];
export type PackageDetail = Outputs['catalog']['byId'];
export type AdminPackage = Outputs['catalog']['adminList'][number];
/** A lecture with its link: only buyers and admins receive these. */
export type Lecture = Outputs['lectures']['forPackage']['lectures'][number];
