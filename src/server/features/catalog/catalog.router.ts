import { z } from 'zod';
import { entityId } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { newPackageInput, packageChangesInput } from './catalog.schemas.js';
import { addPackage, deletePackage, listAll, ownedPackages, packagesOnSale, siteStats, updatePackage } from './catalog.service.js';
import { toAdminPackageView, toPackageDetailView, toPackageView, type PackageDetailView } from './catalog.views.js';
import { packageWithLectures } from './lectures.service.js';

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const catalogInputs = {
  byId: z.object({ id: entityId }),
  create: newPackageInput,
  update: packageChangesInput,
  remove: z.object({ id: entityId }),
};

export const catalogRouter = router({
  /** Packages on sale. */
  list: publicProcedure.query(({ ctx }) => packagesOnSale(ctx.db)),

  /** One package; its lecture links only for a buyer or an admin. */
  byId: publicProcedure.input(catalogInputs.byId).query(({ ctx, input }): PackageDetailView => {
    return toPackageDetailView(packageWithLectures(ctx.db, ctx.sessionUser(), input.id, ctx.now()));
  }),

  /** The packages the signed-in user owns (archived ones included). */
  mine: protectedProcedure.query(({ ctx }) => ownedPackages(ctx.db, ctx.user.id).map(toPackageView)),

  /** Every package, archived ones marked, for the admin screens. */
  adminList: adminProcedure.query(({ ctx }) => listAll(ctx.db).map(toAdminPackageView)),

  create: adminProcedure.input(catalogInputs.create).mutation(async ({ ctx, input }) => {
    const pkg = await addPackage(ctx, input);
    return { package: toPackageView(pkg) };
  }),

  /** Edits a package in place (same id); a new picture only through REST's form (`POST /api/course/:id/edit`). */
  update: adminProcedure.input(catalogInputs.update).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    return { package: toAdminPackageView(await updatePackage(ctx, id, changes)) };
  }),

  /** Deletes, or archives when anyone bought it. */
  remove: adminProcedure.input(catalogInputs.remove).mutation(async ({ ctx, input }) => {
    const outcome = await deletePackage(ctx, input.id);
    return { outcome };
  }),

  stats: adminProcedure.query(({ ctx }) => siteStats(ctx.db)),
});
