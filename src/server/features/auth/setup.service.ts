import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { RateLimits } from '../../lib/rate-limit.js';
import { hashPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { timingSafeEqual } from 'node:crypto';
import { hasAnyAdmin, saveAdmin } from './accounts.service.js';
import { authErrors } from './auth.errors.js';
import { createSession } from './sessions.service.js';
import type { FirstAdminLink } from '../../trpc/context.js';

/**
 * The first admin. While the database has no admin, a one-time link (printed in the server
 * log) lets its holder create the superadmin; once any admin exists the page is closed for good.
 * The token lives only in this process's memory, as a hash.
 */
export class SetupGate implements FirstAdminLink {
  private tokenHash: string | null = null;

  constructor(private readonly db: Db) {}

  isOpen(): boolean {
    if (this.tokenHash && hasAnyAdmin(this.db)) this.tokenHash = null;
    return this.tokenHash !== null;
  }

  /** Makes a new one-time token when there is no admin yet; answers it, or null when closed. */
  open(): string | null {
    if (hasAnyAdmin(this.db)) {
      this.tokenHash = null;
      return null;
    }
    const token = newToken();
    this.tokenHash = hashToken(token);
    return token;
  }

  /** Checks the token without spending it. */
  check(token: string): void {
    if (!this.isOpen()) throw authErrors.SETUP_CLOSED();
    const expected = Buffer.from(this.tokenHash!, 'hex');
    const given = Buffer.from(hashToken(token), 'hex');
    if (!timingSafeEqual(expected, given)) throw authErrors.SETUP_TOKEN_INVALID();
  }

  /**
   * Checks the token again, runs `create` (synchronous, so nothing else runs in between) and
   * closes the gate only when it succeeded: the link works exactly once, and a failure leaves it
   * working.
   */
  spendWith<T>(token: string, create: () => T): T {
    this.check(token);
    const result = create();
    this.tokenHash = null;
    return result;
  }
}

const setupPerIp = { points: 10, durationSeconds: 15 * 60 };

export async function completeSetup(
  deps: { db: Db; now: () => number; rateLimits: RateLimits; setup: FirstAdminLink },
  input: { token: string; name: string; email: string; phone: string | null; password: string; ip: string },
): Promise<{ user: UserRow; token: string; expiresAt: number }> {
  await deps.rateLimits.get('setup:ip', setupPerIp).hit(input.ip);
  deps.setup.check(input.token);
  const passwordHash = await hashPassword(input.password);
  // The admin and their session in one transaction, and the link spent only once both exist.
  return deps.setup.spendWith(input.token, () =>
    deps.db.transaction((tx) => {
      const now = deps.now();
      const { user } = saveAdmin(tx, { email: input.email, name: input.name, passwordHash, phone: input.phone, superadmin: true }, now);
      return { user, ...createSession(tx, user.id, now) };
    }),
  );
}
