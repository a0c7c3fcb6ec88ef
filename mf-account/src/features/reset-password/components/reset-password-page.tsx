import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../../shared/components/auth-card';
import { ResetCallbackForm } from './reset-callback-form';
import { ResetRequestForm } from './reset-request-form';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const linkId = params.get('linkId')?.trim();
  return linkId ? (
    <AuthCard title="Choose a new password" lead="Pick a password you do not use anywhere else.">
      <ResetCallbackForm linkId={linkId} />
    </AuthCard>
  ) : (
    <AuthCard
      title="Reset your password"
      lead="Enter the email you signed up with and we will send you a reset link."
    >
      <ResetRequestForm />
      <p className="acc-links">
        <Link to="/login">Back to log in</Link>
      </p>
    </AuthCard>
  );
}
