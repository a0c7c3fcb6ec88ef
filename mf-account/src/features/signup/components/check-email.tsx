import Button from 'antd/es/button';
import { Link } from 'react-router';
import { SIGNUP_CONFIRMATION_TTL_HOURS } from '@shop/shared/contract/auth';
import { FormAlert } from '../../shared/components/form-alert';

/** What the page says once the sign-up is sent: announced through the page's status line. */
export function checkEmailStatus(email: string, resentAt: Date | null) {
  const time = resentAt?.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <>
      {resentAt ? 'We sent another email' : 'We sent an email'} to <strong>{email}</strong>
      {time ? ` at ${time}` : ''}. Open the link in it to confirm your address and finish creating
      your account.
    </>
  );
}

/** The rest of the "check your email" state: when the link lapses, resend, change the address. */
export function CheckEmail({
  carried,
  busy,
  error,
  onResend,
  onChangeEmail,
}: {
  carried: string;
  busy: boolean;
  error: string | null;
  onResend: () => void;
  onChangeEmail: () => void;
}) {
  return (
    <>
      <p className="acc-muted">
        The link works once and expires in {SIGNUP_CONFIRMATION_TTL_HOURS} hours. Nothing after a
        few minutes? Check your spam folder, or send the email again.
      </p>
      {error && <FormAlert title="We could not send the email again">{error}</FormAlert>}
      <Button size="large" block loading={busy} onClick={onResend}>
        Send the email again
      </Button>
      <p className="acc-links">
        <button type="button" className="acc-link-button" onClick={onChangeEmail}>
          Use a different email
        </button>
        <Link to={`/login${carried}`}>Log in instead</Link>
      </p>
    </>
  );
}
