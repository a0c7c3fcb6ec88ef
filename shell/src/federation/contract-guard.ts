// Remembers what each remote's manifest declares and refuses a different contract major.
import { contractMajor, SHELL_CONTRACT_VERSION } from '@shop/shared/shell-contract/shell-props';

export class ContractMismatchError extends Error {
  constructor(
    readonly remote: string,
    readonly declared: string | null,
    readonly expected: string = SHELL_CONTRACT_VERSION,
  ) {
    super(
      `${remote} was built against shell contract ${declared ?? '(none)'}, the shell speaks ${expected}`,
    );
    this.name = 'ContractMismatchError';
  }
}

export function createContractGuard(expected: string = SHELL_CONTRACT_VERSION) {
  const mismatches = new Map<string, ContractMismatchError>();
  return {
    /** Throws (and remembers) when the declared major differs from the shell's. */
    check(remote: string, declared: unknown): void {
      const version = typeof declared === 'string' ? declared : null;
      if (version !== null && contractMajor(version) === contractMajor(expected)) {
        mismatches.delete(remote);
        return;
      }
      const mismatch = new ContractMismatchError(remote, version, expected);
      mismatches.set(remote, mismatch);
      console.error(`[shell] refusing remote: ${mismatch.message}`);
      throw mismatch;
    },
    mismatchOf(remote: string): ContractMismatchError | undefined {
      return mismatches.get(remote);
    },
  };
}

export type ContractGuard = ReturnType<typeof createContractGuard>;
