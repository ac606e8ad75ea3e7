import { createHmac } from 'node:crypto';
import type { Clock } from '../shared/clock';
import { safeEqual } from '../shared/crypto';
import type { InstanceIdentityRepository } from './instance-identity.repository';
import { secretKeyMismatch } from './system.errors';

/** What the key signs; changing it would make every existing database look foreign. */
const KEY_CHECK_INPUT = 'sharebin secret key check v1';

export function createInstanceIdentityUseCases({
  repository,
  secretKey,
  clock,
}: {
  repository: InstanceIdentityRepository;
  secretKey: string;
  clock: Clock;
}) {
  return {
    /**
     * The first instance on a database records its key's check value; every later start
     * compares. Instances with different keys would read each other's sealed storage
     * credentials and access tokens as garbage, so a mismatch refuses to start.
     */
    async verifySecretKey(): Promise<void> {
      const check = createHmac('sha256', secretKey).update(KEY_CHECK_INPUT).digest('base64url');
      const kept = await repository.keepSecretKeyCheck(check, clock.now());
      if (!safeEqual(kept, check)) throw secretKeyMismatch();
    },
  };
}
