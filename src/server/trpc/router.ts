import { authRouter } from '../features/auth/auth.router.js';
import { catalogRouter } from '../features/catalog/catalog.router.js';
import { lecturesRouter } from '../features/catalog/lectures.router.js';
import { createCallerFactory, router } from './trpc.js';

export const appRouter = router({
  auth: authRouter,
  catalog: catalogRouter,
  lectures: lecturesRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
