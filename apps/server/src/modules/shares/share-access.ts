import type { ActivityLog } from '../dashboard/activity.recorder';
import type { AccessTokens } from '../shared/access-token';
import type { Clock } from '../shared/clock';
import type { SharePasswordGuard } from './share-password';
import { shareState } from './share-state';
import type { ShareTombstones } from './share-tombstones';
import type { ShareKind } from './share-tombstones.repository';
import { invalidAccessToken } from './shares.errors';

/** What the access rules read of a share. */
export interface AccessibleShare {
  slug: string;
  password_hash: string | null;
  expires_at: number | null;
  max_views: number;
  views: number;
}

/** The kind's own errors (their codes differ between pastes and file shares). */
export interface ShareAccessErrors {
  notFound: () => Error;
  expired: () => Error;
  exhausted: () => Error;
  passwordRequired: () => Error;
  wrongPassword: () => Error;
}

/**
 * How a visitor gets at a share, for pastes and file shares alike: views counted atomically,
 * passwords checked under the rate limits, access tokens bound to the share's current state, and
 * the reason a share that is gone went away (tombstones).
 */
export function createShareAccess<Row extends AccessibleShare>({
  kind,
  find,
  countView,
  accessScope,
  errors,
  passwordGuard,
  accessTokens,
  tombstones,
  clock,
  activity,
}: {
  kind: ShareKind;
  /** The share under a slug, as visitors may see it (uncounted). */
  find: (slug: string) => Promise<Row | undefined>;
  /**
   * The share after counting one view, or undefined when it may not be viewed. Left out by
   * shares whose use is not a view (an upload request counts its files itself).
   */
  countView?: (input: {
    slug: string;
    now: number;
    passwordless: boolean;
  }) => Promise<Row | undefined>;
  accessScope: (row: Row) => string;
  errors: ShareAccessErrors;
  passwordGuard: SharePasswordGuard;
  accessTokens: AccessTokens;
  tombstones: ShareTombstones;
  clock: Clock;
  /** Every counted view is one `views` of the dashboard. */
  activity: ActivityLog;
}) {
  /** A share that does not exist: expired or used up when it was deleted, else unknown. */
  async function missing(slug: string): Promise<never> {
    const reason = await tombstones.reasonFor(kind, slug);
    if (reason === 'expired') throw errors.expired();
    if (reason === 'exhausted') throw errors.exhausted();
    throw errors.notFound();
  }

  /** The share, failing when it has expired or used up its views. */
  async function findViewable(slug: string): Promise<Row> {
    const row = await find(slug);
    if (!row) return missing(slug);
    const state = shareState(row, clock.now());
    if (state === 'expired') throw errors.expired();
    if (state === 'exhausted') throw errors.exhausted();
    return row;
  }

  /** Why a share cannot be viewed, once the counting update found nothing. */
  async function refusal(slug: string, passwordless: boolean): Promise<never> {
    const row = await findViewable(slug);
    if (passwordless && row.password_hash !== null) throw errors.passwordRequired();
    throw errors.notFound();
  }

  async function counted(slug: string, passwordless: boolean): Promise<Row> {
    if (!countView) throw new Error(`A ${kind} share counts no views`);
    const row = await countView({ slug, now: clock.now(), passwordless });
    if (!row) return refusal(slug, passwordless);
    activity.record('views');
    return row;
  }

  /** Checks a share password under the rate limit; answers the share, uncounted. */
  async function unlock(slug: string, password: string, clientIp: string): Promise<Row> {
    const share = `${kind}:${slug}`;
    await passwordGuard.countAttempt(share, clientIp);
    const row = await findViewable(slug);
    if (
      !(await passwordGuard.check({ share, clientIp, password, passwordHash: row.password_hash }))
    ) {
      throw errors.wrongPassword();
    }
    return row;
  }

  /** An access token's share: not counted; a token from before a change of access is refused. */
  async function withToken(slug: string, token: string): Promise<Row> {
    const row = await find(slug);
    if (!row) return missing(slug);
    if (!accessTokens.verify(accessScope(row), token)) throw invalidAccessToken();
    if (shareState(row, clock.now()) === 'expired') throw errors.expired();
    return row;
  }

  return {
    missing,
    refusal,
    unlock,
    withToken,

    /**
     * The share for a visitor who may see it (an access token, the password, or none needed),
     * not counted: for shares whose views are downloads, not visits.
     */
    async authorize(
      slug: string,
      given: { token?: string | undefined; password?: string | undefined; clientIp: string },
    ): Promise<Row> {
      const row =
        given.token !== undefined
          ? await withToken(slug, given.token)
          : given.password !== undefined
            ? await unlock(slug, given.password, given.clientIp)
            : await findViewable(slug);
      if (given.token === undefined && given.password === undefined && row.password_hash) {
        throw errors.passwordRequired();
      }
      if (shareState(row, clock.now()) === 'exhausted') throw errors.exhausted();
      return row;
    },

    /** The share for a visitor without credentials, uncounted: null when it needs a password. */
    async openOrProtected(slug: string): Promise<Row | null> {
      const row = await findViewable(slug);
      return row.password_hash === null ? row : null;
    },

    /** One view of a share `authorize` let in, exact under concurrency. */
    countAuthorized: (slug: string) => counted(slug, false),

    /** A counted view with no password; a protected share is refused. */
    viewOpen: (slug: string) => counted(slug, true),

    /**
     * A counted view with a password (checked, rate limited), or without one for a share that
     * has none.
     */
    async viewWith(slug: string, password: string | undefined, clientIp: string): Promise<Row> {
      if (password === undefined) return counted(slug, true);
      const row = await unlock(slug, password, clientIp);
      return counted(slug, row.password_hash === null);
    },
  };
}

export type ShareAccess<Row extends AccessibleShare> = ReturnType<typeof createShareAccess<Row>>;
