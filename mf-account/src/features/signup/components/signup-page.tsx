import { Link } from 'react-router';
import { AuthCard } from '../../shared/components/auth-card';
import { useCarriedRedirect } from '../../shared/hooks/use-carried-redirect';
import { SignupForm } from './signup-form';

export function SignupPage() {
  const carried = useCarriedRedirect();
  return (
    <AuthCard
      title="Create your account"
      lead="Track your results over time and manage your kits in one place."
    >
      <SignupForm />
      <p className="acc-links">
        <span>
          Already registered? <Link to={`/login${carried}`}>Log in</Link>
        </span>
      </p>
    </AuthCard>
  );
}
