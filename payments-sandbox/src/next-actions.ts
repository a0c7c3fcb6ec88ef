// Where the holder of a client secret goes to finish what waits for the shopper: the 3-D Secure
// challenge page (framed by the shop) or the pay-later approval page (a full-page redirect).
import type { Database } from './db/schema';
import { chargeBySecret } from './charges';
import { setupBySecret } from './setups';

export type TestNextAction = { type: 'challenge'; url: string } | { type: 'redirect'; url: string };

export const isSetupSecret = (clientSecret: string) => clientSecret.startsWith('seti_');

export async function nextActionFor(
  db: Database,
  clientSecret: string,
): Promise<TestNextAction | null> {
  const query = `client_secret=${encodeURIComponent(clientSecret)}`;
  const challenge = { type: 'challenge', url: `/test-provider/authenticate?${query}` } as const;
  if (isSetupSecret(clientSecret)) {
    const setup = await setupBySecret(db, clientSecret);
    return setup?.status === 'requires_action' ? challenge : null;
  }
  const charge = await chargeBySecret(db, clientSecret);
  if (charge?.status !== 'requires_action') return null;
  if (charge.next_action !== 'redirect') return challenge;
  const returnUrl = `return_url=${encodeURIComponent(charge.return_url ?? '/')}`;
  return { type: 'redirect', url: `/test-provider/bnpl?${query}&${returnUrl}` };
}

/** What a client secret stands for, as the provider's pages show it. */
export interface ClientSecretSubject {
  id: string;
  kind: 'payment' | 'setup';
  /** Null for a setup: nothing is paid. */
  amount: number | null;
  currency: string;
  status: string;
  returnUrl: string | null;
}

export async function clientSecretSubject(
  db: Database,
  clientSecret: string,
): Promise<ClientSecretSubject | null> {
  if (isSetupSecret(clientSecret)) {
    const setup = await setupBySecret(db, clientSecret);
    return setup
      ? {
          id: setup.id,
          kind: 'setup',
          amount: null,
          currency: 'usd',
          status: setup.status,
          returnUrl: setup.return_url,
        }
      : null;
  }
  const charge = await chargeBySecret(db, clientSecret);
  return charge
    ? {
        id: charge.id,
        kind: 'payment',
        amount: charge.amount_cents,
        currency: charge.currency,
        status: charge.status,
        returnUrl: charge.return_url,
      }
    : null;
}
