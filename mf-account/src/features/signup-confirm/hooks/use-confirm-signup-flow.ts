import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import { safeAfterAuthRedirect } from '@shop/shared/rules/safe-redirect';
import { useConfirmSignup } from '../api/confirm-signup';

/**
 * Opening the emailed link confirms at once: the account is made and logged in, the shell's user
 * refreshed, and the shopper goes where the sign-up was headed (checked again here, same site only).
 */
export function useConfirmSignupFlow(token: string | null) {
  const { userContext, notify } = useShell();
  const navigate = useNavigate();
  const { mutateAsync, error, isPending } = useConfirmSignup();
  // The link works once: never send it twice, even if the page renders again.
  const sentFor = useRef<string | null>(null);

  const confirm = useCallback(
    async (value: string) => {
      sentFor.current = value;
      const confirmed = await mutateAsync({ token: value }).catch(() => null);
      if (!confirmed) return;
      await userContext.refresh();
      notify.success('Welcome to Bloodwise', 'Your email is confirmed and you are logged in.');
      navigate(safeAfterAuthRedirect(confirmed.redirect, window.location.origin, '/account'), {
        replace: true,
      });
    },
    [mutateAsync, userContext, notify, navigate],
  );

  useEffect(() => {
    if (token && sentFor.current !== token) void confirm(token);
  }, [token, confirm]);

  return {
    error,
    busy: isPending,
    retry: () => {
      if (token) void confirm(token);
    },
  };
}
