import { publicProcedure, router } from '../../trpc/trpc.js';
import { listOnSale } from './catalog.service.js';
import { toPackageView } from './catalog.views.js';

export const catalogRouter = router({
  list: publicProcedure.query(({ ctx }) => listOnSale(ctx.db).map(toPackageView)),
});
