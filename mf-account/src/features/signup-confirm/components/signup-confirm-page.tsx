import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { Link, useSearchParams } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import { AuthCard } from '../../shared/components/auth-card';
import { FormAlert } from '../../shared/components/form-alert';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useConfirmSignupFlow } from '../hooks/use-confirm-signup-flow';

const LINK_PROBLEMS = new Set([
  'CONFIRMATION_LINK_UNKNOWN',
  'CONFIRMATION_LINK_USED',
  'CONFIRMATION_LINK_EXPIRED',
]);
const MISSING_TOKEN =
  'This link is missing part of its address. Open it from the email again, or sign up again.';

/** /signup/confirm?token=…: the page the confirmation email links to. */
export function SignupConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const { error, busy, retry } = useConfirmSignupFlow(token);
  const { user } = useShell().userContext;

  if (!token || (error && LINK_PROBLEMS.has(error.code))) {
    return (
      <AuthCard title="This link cannot be used" lead="Sign-up links work once and for 24 hours.">
        <FormAlert title="We could not confirm your email">
          {error?.message ?? MISSING_TOKEN}
        </FormAlert>
        {user ? (
          // Typically the link opened twice: the first time already logged this browser in.
          <p className="acc-muted" role="status">
            You are logged in as <strong>{user.email}</strong>.{' '}
            <Link to="/account">Go to your account</Link>
          </p>
        ) : (
          <p className="acc-links">
            <Link to="/login">Log in</Link>
            <Link to="/signup">Sign up again</Link>
          </p>
        )}
      </AuthCard>
    );
  }
  if (error) {
    return (
      <AuthCard title="We could not confirm your email yet" lead="Your link is still good.">
        <FormAlert title="Something got in the way">{friendlyMessage(error)}</FormAlert>
        <Button type="primary" size="large" block loading={busy} onClick={retry}>
          Try again
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirming your email"
      lead="One moment while we finish creating your account."
    >
      <div className="acc-centre">
        <Spin size="large" />
        <p role="status">Confirming your email…</p>
      </div>
    </AuthCard>
  );
}
