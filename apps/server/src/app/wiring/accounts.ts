import { createApiKeysRepository } from '../../modules/api-keys/api-keys.repository';
import { createApiKeysUseCases } from '../../modules/api-keys/api-keys.usecases';
import { createAuthRepository } from '../../modules/auth/auth.repository';
import { createAuthUseCases } from '../../modules/auth/auth.usecases';
import { createAuthenticator } from '../../modules/auth/authenticator';
import { createSettingsRepository } from '../../modules/settings/settings.repository';
import { createSettingsUseCases } from '../../modules/settings/settings.usecases';
import { createInstanceIdentityRepository } from '../../modules/system/instance-identity.repository';
import { createInstanceIdentityUseCases } from '../../modules/system/instance-identity.usecases';
import type { Platform } from './platform';
import type { ServerDeps } from './server-deps';

/** Who may do what: the admin's sessions, API keys, system settings, this instance's identity. */
export function wireAccounts(deps: ServerDeps, { rateLimiter, caches, passwords }: Platform) {
  const { db, clock } = deps;
  const auth = createAuthUseCases({
    repository: createAuthRepository({ db }),
    rateLimiter,
    clock,
    sessionTtlMs: deps.adminSessionTtlMs,
    passwords,
    sessions: caches.internalCache('admin-sessions'),
  });
  const apiKeys = createApiKeysUseCases({ repository: createApiKeysRepository({ db }), clock });
  const settings = createSettingsUseCases({ repository: createSettingsRepository({ db }), clock });
  return {
    auth,
    apiKeys,
    settings,
    maxUploadBytes: async () => (await settings.maxUploadSize()).max_upload_size_bytes,
    authenticate: createAuthenticator({
      adminToken: auth.authenticateAdminToken,
      apiKey: apiKeys.authenticate,
    }),
    instanceIdentity: createInstanceIdentityUseCases({
      repository: createInstanceIdentityRepository({ db }),
      secretKey: deps.secretKey,
      clock,
    }),
  };
}

export type Accounts = ReturnType<typeof wireAccounts>;
