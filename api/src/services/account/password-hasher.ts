import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's enum is a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real check, for logins to unknown accounts. */
  verifyNothing(password: string): Promise<void>;
}

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
export const DEFAULT_ARGON2_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function createPasswordHasher(cost: Argon2Cost = DEFAULT_ARGON2_COST): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...cost };
  let dummyHash: Promise<string> | null = null;
  return {
    hash: (password) => hash(password, options),
    verify: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    verifyNothing: async (password) => {
      dummyHash ??= hash('not-a-real-password-0', options);
      await verify(await dummyHash, password).catch(() => false);
    },
  };
}
