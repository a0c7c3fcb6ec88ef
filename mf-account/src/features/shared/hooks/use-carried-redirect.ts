import { useSearchParams } from 'react-router';

/** `?redirect=…` to append to links between the auth screens, so the way back survives a detour. */
export function useCarriedRedirect(): string {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
}
