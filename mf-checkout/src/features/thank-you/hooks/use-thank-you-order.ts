// The thank-you page's order travels in the history entry's state, not in its URL: a URL is
// copied into logs, analytics, shared links and screenshots, and the state survives a reload.
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

export const THANK_YOU_PATH = '/checkout/thank-you';

/** What a provider adds to the return URL (Stripe's names); the API reads the intent itself. */
const PROVIDER_RETURN_PARAMS = [
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
];

interface ThankYouState {
  orderId: string;
}

function orderIdFromState(state: unknown): string | null {
  const orderId = (state as Partial<ThankYouState> | null)?.orderId;
  return typeof orderId === 'string' && orderId.length > 0 ? orderId : null;
}

/** The navigation from a placed order to its thank-you page. */
export function useShowThankYou(): (orderId: string) => void {
  const navigate = useNavigate();
  return (orderId) => navigate(THANK_YOU_PATH, { state: { orderId } satisfies ThankYouState });
}

/**
 * The order the thank-you page shows. An `?order=` link (an older page, a shared link) still
 * works: the id moves into the state and off the address bar before anything else reads it.
 */
export function useThankYouOrderId(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromUrl = params.get('order');
  const orderId = orderIdFromState(location.state) ?? fromUrl;
  useEffect(() => {
    if (!fromUrl) return;
    const rest = new URLSearchParams(params);
    rest.delete('order');
    // Back from a provider's page: its intent's client secret leaves the address bar too.
    for (const name of PROVIDER_RETURN_PARAMS) rest.delete(name);
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, state: { orderId: fromUrl } satisfies ThankYouState },
    );
  }, [fromUrl, params, location.pathname, navigate]);
  return orderId;
}
