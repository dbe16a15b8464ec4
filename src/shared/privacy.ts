/**
 * The privacy notice's version: people accept this one (at sign-up, or at their next visit after
 * it changed). Change it whenever the notice's text changes in substance (docs/operations.md, "Personal data").
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-29';
