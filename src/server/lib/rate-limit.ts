import { isIPv6 } from 'node:net';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors.js';

export type LimitRule = {
  /** How many attempts fit in the window. */
  points: number;
  /** The window, in seconds. */
  durationSeconds: number;
  /** After the window is used up, wait this long (defaults to the rest of the window). */
  blockSeconds?: number;
};

export type Limiter = {
  /** Counts one attempt; past the limit throws a 429 AppError saying when to retry. */
  hit(key: string): Promise<void>;
  /** Throws the same 429 when the key is already over the limit, without counting. */
  check(key: string): Promise<void>;
  /** Forgets the key (after a successful login, say). */
  reset(key: string): Promise<void>;
};

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    'TOO_MANY_REQUESTS',
    'TOO_MANY_REQUESTS',
    {
      en: `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      mr: `खूप जास्त प्रयत्न झाले. कृपया ${minutes} मिनिटांनी पुन्हा प्रयत्न करा.`,
    },
    { retryAfterSeconds: Math.ceil(retryAfterSeconds) },
  );
}

function createLimiter(rule: LimitRule): Limiter {
  const limiter = new RateLimiterMemory({
    points: rule.points,
    duration: rule.durationSeconds,
    blockDuration: rule.blockSeconds ?? 0,
  });
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw tooManyAttempts(rejection.msBeforeNext / 1000);
        throw rejection;
      }
    },
    async check(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= rule.points) throw tooManyAttempts(state.msBeforeNext / 1000);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

function sameRule(a: LimitRule, b: LimitRule): boolean {
  return a.points === b.points && a.durationSeconds === b.durationSeconds && (a.blockSeconds ?? 0) === (b.blockSeconds ?? 0);
}

/**
 * The app's limiters, one per name, kept in memory for this process (one process serves the
 * site). Each app instance has its own, so tests do not share counts. A name has one rule: asking
 * for it with another rule is a mistake in the code and throws, rather than count by the first.
 */
export class RateLimits {
  private readonly limiters = new Map<string, { rule: LimitRule; limiter: Limiter }>();

  get(name: string, rule: LimitRule): Limiter {
    const known = this.limiters.get(name);
    if (known) {
      if (!sameRule(known.rule, rule)) throw new Error(`The rate limit "${name}" is already counted by another rule.`);
      return known.limiter;
    }
    const limiter = createLimiter(rule);
    this.limiters.set(name, { rule: { ...rule }, limiter });
    return limiter;
  }
}

/**
 * The key per-IP limits count under: an IPv4 address as it is (an IPv4-mapped IPv6 address as its
 * IPv4 one), an IPv6 address by its /64, since one phone or home line is handed a whole /64 and
 * could otherwise take a fresh address for every try.
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return address;
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  // A trailing dotted IPv4 part stands for two groups; it lies in the last 64 bits, never the prefix.
  const groupCount = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const missing = 8 - groupCount(headGroups) - groupCount(tailGroups);
  const groups = address.includes('::') ? [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups] : headGroups;
  const prefix = groups.slice(0, 4).map((group) => (group.includes('.') ? '0' : group).padStart(4, '0'));
  return `${prefix.join(':')}::/64`;
}
