import {
  ADMIN_PASSWORD_MIN_LENGTH,
  type ChangePasswordInput,
  type Principal,
} from '@sharebin/shared';
import type { NamedCache } from '../cache/named-cache';
import type { Clock } from '../shared/clock';
import { toIso } from '../shared/clock';
import {
  newId,
  type PasswordHasher,
  randomBase62,
  safeEqual,
  sha256Hex,
  verifyPassword,
} from '../shared/crypto';
import { attemptAll, type RateLimiter, type RateLimitRule } from '../shared/rate-limiter';
import {
  invalidCredentials,
  invalidToken,
  rateLimited,
  tokenExpired,
  wrongCurrentPassword,
} from './auth.errors';
import type { AuthRepository } from './auth.repository';

/** Failed logins allowed per client IP and username, and per client IP alone. */
export const LOGIN_RULE_PER_USER: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
export const LOGIN_RULE_PER_IP: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };

const ADMIN_TOKEN_LENGTH = 43; // base62: about 256 random bits
const GENERATED_PASSWORD_LENGTH = 20;

/** In-server logouts invalidate at once; this bounds `reset-admin-password` run outside one. */
export const SESSION_CACHE_TTL_MS = 10_000;

type SessionRow = NonNullable<Awaited<ReturnType<AuthRepository['findSessionByTokenHash']>>>;

export interface AuthDeps {
  repository: AuthRepository;
  rateLimiter: RateLimiter;
  clock: Clock;
  sessionTtlMs: number;
  /** Hashes new admin passwords. */
  passwords: PasswordHasher;
  /** The session read was a third of a cached listing's CPU; absent for command-line tools. */
  sessions?: NamedCache<SessionRow>;
}

export function createAuthUseCases({
  repository,
  rateLimiter,
  clock,
  sessionTtlMs,
  passwords,
  sessions,
}: AuthDeps) {
  /** A hash to verify against when the username is unknown, so both failures take as long. */
  let decoyHash: Promise<string> | undefined;
  const sessionKey = (tokenHash: string) => `/${tokenHash}`;

  /** The session of a token; an unknown token throws, and is never cached. */
  function findSession(tokenHash: string): Promise<SessionRow> {
    const load = async () => {
      const session = await repository.findSessionByTokenHash(tokenHash);
      if (!session || !safeEqual(session.token_hash, tokenHash)) throw invalidToken();
      return session;
    };
    return sessions
      ? sessions.getOrLoad(sessionKey(tokenHash), SESSION_CACHE_TTL_MS, load)
      : load();
  }

  /** Ends one session, or (no hash) every session of `adminId`, here and on every instance. */
  async function endSessions(target: { tokenHash: string } | { adminId: string }) {
    if ('tokenHash' in target) {
      await repository.deleteSessionByTokenHash(target.tokenHash);
      await sessions?.invalidatePath(sessionKey(target.tokenHash));
    } else {
      await repository.deleteSessionsOfAdmin(target.adminId);
      await sessions?.clear();
    }
  }

  /** Counts the attempt before the password is checked, so parallel guesses share the limit. */
  async function guardAttempts(keys: [string, RateLimitRule][]) {
    const wait = await attemptAll(rateLimiter, keys);
    if (wait > 0) throw rateLimited(wait);
  }

  /** Rate-limited; WebDAV Basic auth uses it too, so guesses there count the same. */
  async function verifyCredentials(input: {
    username: string;
    password: string;
    clientIp: string;
  }) {
    const userKey = `login:${input.clientIp}:${input.username.toLowerCase()}`;
    const ipKey = `login-ip:${input.clientIp}`;
    const attemptKeys: [string, RateLimitRule][] = [
      [userKey, LOGIN_RULE_PER_USER],
      [ipKey, LOGIN_RULE_PER_IP],
    ];
    await guardAttempts(attemptKeys);
    const admin = await repository.findAdminByUsername(input.username);
    decoyHash ??= passwords.hash(randomBase62(GENERATED_PASSWORD_LENGTH));
    const valid = await verifyPassword(input.password, admin?.password_hash ?? (await decoyHash));
    if (!admin || !valid) throw invalidCredentials();
    // A sign-in clears this account's failures; the address keeps only its failures.
    await rateLimiter.reset(userKey);
    await rateLimiter.forgive(ipKey);
    return { type: 'admin' as const, id: admin.id, name: admin.username };
  }

  return {
    /** First start: create the admin from configuration, or with a generated password. */
    async ensureAdmin(input: { username: string; password?: string }) {
      if ((await repository.countAdmins()) > 0) return { created: false as const };
      const password = input.password ?? randomBase62(GENERATED_PASSWORD_LENGTH);
      const now = clock.now();
      await repository.insertAdmin({
        id: newId(),
        username: input.username,
        password_hash: await passwords.hash(password),
        created_at: now,
        updated_at: now,
      });
      return {
        created: true as const,
        generatedPassword: input.password === undefined ? password : undefined,
      };
    },

    verifyCredentials,

    async login(input: { username: string; password: string; clientIp: string }) {
      const admin = await verifyCredentials(input);
      const token = randomBase62(ADMIN_TOKEN_LENGTH);
      const now = clock.now();
      const expiresAt = now + sessionTtlMs;
      await repository.insertSession({
        id: newId(),
        admin_id: admin.id,
        token_hash: sha256Hex(token),
        created_at: now,
        expires_at: expiresAt,
      });
      return { token, expiresAt: toIso(expiresAt), username: admin.name };
    },

    async logout(token: string) {
      await endSessions({ tokenHash: sha256Hex(token) });
    },

    async authenticateAdminToken(
      token: string,
    ): Promise<{ principal: Principal; expiresAt: number }> {
      const tokenHash = sha256Hex(token);
      const session = await findSession(tokenHash);
      if (session.expires_at <= clock.now()) {
        await endSessions({ tokenHash });
        throw tokenExpired();
      }
      return {
        principal: { type: 'admin', id: session.admin_id, name: session.username },
        expiresAt: session.expires_at,
      };
    },

    /** SPEC §5 rules are checked by the request schema; this checks the password and revokes every session. */
    async changeAccount(input: {
      adminId: string;
      clientIp: string;
      request: ChangePasswordInput;
    }) {
      const attemptKey = `change-password:${input.clientIp}:${input.adminId}`;
      await guardAttempts([[attemptKey, LOGIN_RULE_PER_USER]]);
      const admin = await repository.findAdminById(input.adminId);
      if (!admin || !(await verifyPassword(input.request.currentPassword, admin.password_hash))) {
        throw wrongCurrentPassword();
      }
      await rateLimiter.reset(attemptKey);
      const { newPassword, newUsername } = input.request;
      await repository.updateAdmin(admin.id, {
        ...(newUsername === undefined ? {} : { username: newUsername }),
        ...(newPassword === undefined ? {} : { password_hash: await passwords.hash(newPassword) }),
        updated_at: clock.now(),
      });
      await endSessions({ adminId: admin.id });
    },

    deleteExpiredSessions: () => repository.deleteExpiredSessions(clock.now()),

    /** `npm run reset-admin-password`: SPEC §5 length; signs every session out. */
    async resetAdminPassword(input: { username?: string; password?: string }) {
      if (input.password !== undefined && input.password.length < ADMIN_PASSWORD_MIN_LENGTH) {
        throw new Error(`The password needs at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`);
      }
      const admin =
        input.username === undefined
          ? await repository.findFirstAdmin()
          : await repository.findAdminByUsername(input.username);
      if (!admin) {
        throw new Error(
          input.username === undefined
            ? 'There is no admin yet: start the server once to create one'
            : `There is no admin named "${input.username}"`,
        );
      }
      const password = input.password ?? randomBase62(GENERATED_PASSWORD_LENGTH);
      await repository.updateAdmin(admin.id, {
        password_hash: await passwords.hash(password),
        updated_at: clock.now(),
      });
      await endSessions({ adminId: admin.id });
      return { username: admin.username, password, generated: input.password === undefined };
    },
  };
}

export type AuthUseCases = ReturnType<typeof createAuthUseCases>;
