import { Link } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import { AuthCard } from '../../shared/components/auth-card';
import { useCarriedRedirect } from '../../shared/hooks/use-carried-redirect';
import { LoginForm } from './login-form';

export function LoginPage() {
  const { userContext } = useShell();
  const { user } = userContext;
  const carried = useCarriedRedirect();
  return (
    <AuthCard
      title="Log in"
      lead="Welcome back. Log in to see your results, orders and subscriptions."
    >
      {user && (
        <p className="acc-muted" role="status">
          You are logged in as <strong>{user.email}</strong>.{' '}
          <Link to="/account">Go to your account</Link>
        </p>
      )}
      <LoginForm />
      <p className="acc-links">
        <Link to="/reset-password">Forgot your password?</Link>
        <Link to={`/signup${carried}`}>Create an account</Link>
      </p>
    </AuthCard>
  );
}
