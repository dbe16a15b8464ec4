import { z } from 'zod';
import { entityId } from '../../../shared/schemas.js';
import { adminProcedure, protectedProcedure, router } from '../../trpc/trpc.js';
import { findActiveUser } from './accounts.service.js';
import { deviceLimitOf, listDevices, logOutAllDevices, logOutDevice } from './devices.service.js';
import { accountErrors } from '../../lib/account.errors.js';

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const devicesInputs = {
  logOut: z.object({ deviceId: entityId }),
  ofUser: z.object({ userId: entityId }),
  logOutAll: z.object({ userId: entityId }),
};

/** The devices (sessions) an account is logged in on. */
export const devicesRouter = router({
  /** The signed-in user's devices, this one marked `current`, and their limit (null: none). */
  mine: protectedProcedure.query(({ ctx }) => {
    const user = findActiveUser(ctx.db, ctx.user.id)!;
    return {
      devices: listDevices(ctx.db, ctx.user.id, ctx.now(), ctx.user.sessionId),
      maxDevices: deviceLimitOf(ctx.config, user),
    };
  }),

  /** Logs out one of the user's own devices (this one too: its cookie is cleared). */
  logOut: protectedProcedure.input(devicesInputs.logOut).mutation(({ ctx, input }) => {
    logOutDevice(ctx.db, ctx.user.id, input.deviceId);
    const current = input.deviceId === ctx.user.sessionId;
    if (current) ctx.req.clearSessionCookie();
    return { loggedOut: 1, current };
  }),

  /** A user's devices, for an admin. */
  ofUser: adminProcedure
    .meta({ audit: true })
    .input(devicesInputs.ofUser)
    .query(({ ctx, input }) => {
      const user = findActiveUser(ctx.db, input.userId);
      if (!user) throw accountErrors.USER_NOT_FOUND();
      return {
        devices: listDevices(ctx.db, user.id, ctx.now(), ctx.user.sessionId),
        maxDevices: deviceLimitOf(ctx.config, user),
      };
    }),

  /** Logs a user out of every device (an admin's action). */
  logOutAll: adminProcedure.input(devicesInputs.logOutAll).mutation(({ ctx, input }) => {
    const user = findActiveUser(ctx.db, input.userId);
    if (!user) throw accountErrors.USER_NOT_FOUND();
    return { loggedOut: logOutAllDevices(ctx.db, user.id, ctx.now()) };
  }),
});
