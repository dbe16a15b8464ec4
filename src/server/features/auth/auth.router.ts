import { z } from 'zod';
import { languages } from '../../../shared/domain.js';
import {
  blankToUndefined,
  emailAddress,
  emailedCode,
  entityId,
  indianPhone,
  newPassword,
  optionalText,
  personName,
  requiredText,
} from '../../../shared/schemas.js';
import { imageErrors } from '../../lib/images.js';
import { protectedProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import type { AppDeps } from '../../trpc/context.js';
import { findActiveUser, findActiveUserByReferralCode, login, setLanguage } from './accounts.service.js';
import { rememberDevice } from './login-limiter.js';
import { toMeView, toSponsorView, toUploadedPictureView } from './auth.views.js';
import { requestPasswordReset, resetPassword } from './password-reset.service.js';
import { changePassword, meOf, setProfileImage, updateProfile } from './account-edit.service.js';
import { register, resendCode, verify } from './registration.service.js';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/privacy.js';
import { startSessionWithinDeviceLimit } from './devices.service.js';
import { revokeSession } from './sessions.service.js';
import { completeSetup } from './setup.service.js';
import { accountErrors } from '../../lib/account.errors.js';
import { requireOwnerOrAdmin } from '../../lib/owner-or-admin.js';
import { authErrors } from './auth.errors.js';

const password = z.string({ error: 'REQUIRED' }).min(1, 'REQUIRED').max(200, 'TEXT_TOO_LONG');
const token = requiredText(200);
const otp = emailedCode;
const optionalPhone = z.preprocess((value) => (value === '' ? undefined : value), indianPhone.optional());

/** Each procedure's input schema, by procedure: what its `.input()` parses (the bad-input property test reads them here). */
export const authInputs = {
  login: z.object({ email: emailAddress, password, replaceDevice: entityId.optional() }),
  register: z
    .object({
      name: personName,
      email: emailAddress,
      /** Optional: the number for WhatsApp updates in the app; the legacy client sends its contact number. */
      phone: z.preprocess(blankToUndefined, indianPhone.optional()),
      /** Updates on WhatsApp at `phone`, asked with its own box (not pre-ticked); needs a phone. */
      whatsapp: z.boolean().optional(),
      password: newPassword,
      referralCode: optionalText(36),
      /** Agreement to the privacy notice of this version; the app asks it (not pre-ticked). A client that does not ask leaves it to the next visit. */
      consent: z.boolean().optional(),
      /** "Are you 18 or older?": the app asks it; a client that does not ask leaves it to the next visit in the app. */
      adult: z.boolean().optional(),
      /** A minor's parent's email: their consent code goes there once the account is made. */
      parentEmail: z.preprocess(blankToUndefined, emailAddress.optional()),
    })
    .superRefine((input, ctx) => {
      if (input.adult === false && !input.parentEmail) ctx.addIssue({ code: 'custom', path: ['parentEmail'], message: 'PARENT_EMAIL_REQUIRED' });
      if (input.whatsapp && !input.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'WHATSAPP_PHONE_REQUIRED' });
    }),
  verify: z.object({ activationToken: token, otp, signIn: z.boolean().optional() }),
  resendCode: z.object({ activationToken: token }),
  forgot: z.object({ email: emailAddress }),
  resetPassword: z.object({ token, password: newPassword }),
  referrer: z.object({ userId: entityId }),
  sponsorByCode: z.object({ code: requiredText(36) }),
  updateProfile: z.object({ name: personName, phone: indianPhone, shareWhatsapp: z.boolean().optional() }),
  changePassword: z.object({ current: password, next: newPassword }),
  setLanguage: z.object({ lang: z.enum(languages) }),
  setProfileImage: z.object({ image: z.instanceof(Buffer).nullable() }),
  setup: z.object({ token, name: personName, email: emailAddress, phone: optionalPhone, password: newPassword }),
};

/**
 * Identity: accounts, sessions, logins, and the account's own edits. The signed-in user's profile
 * (with their packages and earnings) is not identity's to build: `profileOf` is handed in by the
 * root router (features/profile), and answers `auth.profile` and the user of a login. Nor is a
 * parent's consent: `askParentConsent` (features/privacy) emails the parent of a minor who signed up.
 */
export function createAuthRouter<Profile>({
  profileOf,
  askParentConsent,
}: {
  profileOf: (deps: AppDeps, userId: number) => Profile;
  askParentConsent: (deps: AppDeps, userId: number, parentEmail: string) => Promise<void>;
}) {
  return router({
    /** The signed-in user, or null for a visitor. */
    me: publicProcedure.query(({ ctx }) => {
      const session = ctx.sessionUser();
      return session ? meOf(ctx.db, session.id) : null;
    }),

    /** The signed-in user with their packages and earnings. */
    profile: protectedProcedure.query(({ ctx }) => profileOf(ctx, ctx.user.id)),

    /** At the device limit the answer is 409 DEVICE_LIMIT with the devices; `replaceDevice` names one to log out. */
    login: publicProcedure.input(authInputs.login).mutation(async ({ ctx, input }) => {
      const session = await login(ctx, { ...input, ip: ctx.req.ip, device: ctx.req.device, deviceCookie: ctx.req.deviceCookie, lang: ctx.req.lang });
      ctx.req.setSessionCookie(session.token, session.expiresAt);
      ctx.req.setDeviceCookie(session.deviceCookie);
      return { token: session.token, user: profileOf(ctx, session.user.id) };
    }),

    logout: protectedProcedure.mutation(({ ctx }) => {
      revokeSession(ctx.db, ctx.user.sessionId);
      ctx.req.clearSessionCookie();
      return { ok: true as const };
    }),

    register: publicProcedure.input(authInputs.register).mutation(async ({ ctx, input }) => {
      if (input.consent === false) throw authErrors.CONSENT_REQUIRED();
      if (input.adult === false && input.parentEmail === input.email) throw authErrors.PARENT_EMAIL_OWN();
      const { activationToken } = await register(ctx, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        whatsappOptIn: input.whatsapp,
        password: input.password,
        referralCode: input.referralCode || undefined,
        consentVersion: input.consent ? PRIVACY_NOTICE_VERSION : null,
        adult: input.adult,
        parentEmail: input.parentEmail,
        ip: ctx.req.ip,
        lang: ctx.req.lang,
      });
      return { activationToken };
    }),

    /**
     * Creates the account from the emailed code. With `signIn` the new account is also signed in
     * on this browser (a new session, through the same device-limit check as a login), so the
     * learner goes straight back to what they were doing.
     */
    verify: publicProcedure.input(authInputs.verify).mutation(async ({ ctx, input }) => {
      const user = await verify(ctx, { activationToken: input.activationToken, otp: input.otp, ip: ctx.req.ip }, (userId, parentEmail) =>
        askParentConsent(ctx, userId, parentEmail),
      );
      if (!input.signIn) return { user: null };
      const session = startSessionWithinDeviceLimit(ctx, user, ctx.req.device);
      ctx.req.setSessionCookie(session.token, session.expiresAt);
      // The browser that just proved it reads the account's email is one the owner uses.
      ctx.req.setDeviceCookie(rememberDevice(ctx.db, user.id, ctx.req.deviceCookie, ctx.now()));
      return { user: profileOf(ctx, user.id) };
    }),

    resendCode: publicProcedure.input(authInputs.resendCode).mutation(async ({ ctx, input }) => {
      await resendCode(ctx, { ...input, ip: ctx.req.ip });
      return { ok: true as const };
    }),

    forgot: publicProcedure.input(authInputs.forgot).mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx, { email: input.email, ip: ctx.req.ip });
      return { ok: true as const };
    }),

    resetPassword: publicProcedure.input(authInputs.resetPassword).mutation(async ({ ctx, input }) => {
      const { userId } = await resetPassword(ctx, { ...input, ip: ctx.req.ip });
      // The browser that just proved it reads the account's email is one the owner uses.
      ctx.req.setDeviceCookie(rememberDevice(ctx.db, userId, ctx.req.deviceCookie, ctx.now()));
      ctx.req.clearSessionCookie();
      return { ok: true as const };
    }),

    /** A user's sponsor, as much as the sponsor shares: only the user themselves or an admin may ask. */
    referrer: protectedProcedure.input(authInputs.referrer).query(({ ctx, input }) => {
      requireOwnerOrAdmin(ctx.user, input.userId);
      const user = findActiveUser(ctx.db, input.userId);
      if (!user) throw accountErrors.USER_NOT_FOUND();
      const sponsor = user.sponsorId === null ? undefined : findActiveUser(ctx.db, user.sponsorId);
      return sponsor ? toSponsorView(sponsor) : null;
    }),

    /**
     * Who invited a visitor who arrived by `?ref=CODE`: the sponsor's name only, for the greeting
     * ("Rahul Patil invited you"), or null for a code that matches nobody. The sponsor shared the
     * link themselves; codes are too many to guess.
     */
    sponsorByCode: publicProcedure.input(authInputs.sponsorByCode).query(({ ctx, input }) => {
      const sponsor = findActiveUserByReferralCode(ctx.db, input.code);
      return sponsor ? { name: sponsor.name } : null;
    }),

    /** My account: the name and phone the user shows (the email stays: it is the login), and whether their learners see the phone on WhatsApp. */
    updateProfile: protectedProcedure.input(authInputs.updateProfile).mutation(({ ctx, input }) => {
      updateProfile(ctx.db, ctx.user.id, input);
      return { user: toMeView(findActiveUser(ctx.db, ctx.user.id)!) };
    }),

    /** My account: a new password, after the current one; the user's other sessions end. */
    changePassword: protectedProcedure.input(authInputs.changePassword).mutation(async ({ ctx, input }) => {
      await changePassword(ctx, { id: ctx.user.id, sessionId: ctx.user.sessionId }, input);
      return { ok: true as const };
    }),

    setLanguage: protectedProcedure.input(authInputs.setLanguage).mutation(({ ctx, input }) => {
      setLanguage(ctx.db, ctx.user.id, input.lang, ctx.now());
      return { lang: input.lang };
    }),

    profileImage: protectedProcedure.query(({ ctx }) => ({ profileImage: toMeView(findActiveUser(ctx.db, ctx.user.id)!).profileImage })),

    /** The picture's bytes come from the multipart REST call (`POST /api/image`), read by its row. */
    setProfileImage: protectedProcedure.input(authInputs.setProfileImage).mutation(async ({ ctx, input }) => {
      if (!input.image) throw imageErrors.IMAGE_REQUIRED();
      const file = await setProfileImage(ctx, ctx.user.id, input.image);
      return toUploadedPictureView(file);
    }),

    setupStatus: publicProcedure.query(({ ctx }) => ({ open: ctx.setup.isOpen() })),

    setup: publicProcedure.input(authInputs.setup).mutation(async ({ ctx, input }) => {
      const result = await completeSetup(ctx, { ...input, phone: input.phone ?? null, ip: ctx.req.ip });
      ctx.req.setSessionCookie(result.token, result.expiresAt);
      return { user: toMeView(result.user) };
    }),
  });
}
