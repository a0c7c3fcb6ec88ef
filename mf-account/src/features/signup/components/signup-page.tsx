import Form from 'antd/es/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../shared/components/auth-card';
import { useCarriedRedirect } from '../../shared/hooks/use-carried-redirect';
import { useSignupFlow, type SignupValues } from '../hooks/use-signup-flow';
import { CheckEmail, checkEmailStatus } from './check-email';
import { SignupForm } from './signup-form';

export function SignupPage() {
  const carried = useCarriedRedirect();
  // The form's values live here, so going back from "check your email" keeps them.
  const [form] = Form.useForm<SignupValues>();
  const { submit, resend, changeEmail, sent, busy, error } = useSignupFlow(form);
  const [changingEmail, setChangingEmail] = useState(false);

  return (
    <AuthCard
      title={sent ? 'Check your email' : 'Create your account'}
      lead={
        sent
          ? 'One more step: confirm that this email is yours.'
          : 'Track your results over time and manage your kits in one place.'
      }
      // Focus follows the change of screen (and each resend's new message is announced).
      focusKey={sent ? 'check-email' : null}
    >
      {/* Always in the page, so screen readers announce what is put into it. */}
      <p role="status" className="acc-status">
        {sent && checkEmailStatus(sent.email, sent.resentAt)}
      </p>
      {sent ? (
        <CheckEmail
          carried={carried}
          busy={busy}
          error={error}
          onResend={() => void resend()}
          onChangeEmail={() => {
            setChangingEmail(true);
            changeEmail();
          }}
        />
      ) : (
        <>
          <SignupForm
            form={form}
            submit={submit}
            busy={busy}
            error={error}
            focusEmail={changingEmail}
          />
          <p className="acc-links">
            <span>
              Already registered? <Link to={`/login${carried}`}>Log in</Link>
            </span>
          </p>
        </>
      )}
    </AuthCard>
  );
}
