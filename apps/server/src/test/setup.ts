// Vitest's setup file (vitest.config.ts): runs before each test file, in its module graph.
import { setPasswordHashCost } from '../modules/shared/crypto';

/** scrypt's N in tests: 32 times cheaper than production's, so a sign-in costs milliseconds. */
export const TEST_PASSWORD_HASH_COST = 2 ** 10;

setPasswordHashCost(TEST_PASSWORD_HASH_COST);
