import type { Order } from '@shop/shared/contract/checkout';
import { useShell } from '@shop/shared/federation/remote-root';

const ACCOUNT_PATH = '/account';
// Full page loads: on a partner's storefront the router's basename is the partner's, not the shop's.
const signupHref = `/signup?redirect=${encodeURIComponent(ACCOUNT_PATH)}`;
const loginHref = `/login?redirect=${encodeURIComponent(ACCOUNT_PATH)}`;

/**
 * For a paid order with a plan: where the plan is managed. A guest is told that the account with
 * the order's e-mail gets the plan and this order (claimed once that e-mail is proven, by the
 * sign-up link or by logging in), with the ways to open or make it.
 */
export function PlanAccessNote({ order }: { order: Order }) {
  const { userContext } = useShell();
  const paid = order.status === 'paid' || order.status === 'fulfilled';
  if (!paid || !order.lines.some((line) => line.interval !== null)) return null;
  return (
    <section
      className="co-panel co-plan-access"
      aria-labelledby="co-plan-access"
      data-testid="plan-access"
    >
      <h2 id="co-plan-access">Manage your subscription</h2>
      {userContext.user ? (
        <p style={{ margin: 0 }}>
          Change, pause or cancel your plan at any time in <a href={ACCOUNT_PATH}>your account</a>.
        </p>
      ) : (
        <>
          <p>
            To change, pause or cancel your plan online, use an account with{' '}
            <strong>{order.email}</strong>: your plan and this order are added to it.
          </p>
          <p style={{ margin: 0 }}>
            <a href={signupHref}>Create an account</a> (we email you a link to confirm it) or{' '}
            <a href={loginHref}>log in</a> if you already have one.
          </p>
        </>
      )}
    </section>
  );
}
