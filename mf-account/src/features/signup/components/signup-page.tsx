import Form from 'antd/es/form';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  FIRST_VIEW_TEMPLATE_ATTRIBUTE,
  SIGNUP_CHECK_EMAIL_TEMPLATE,
} from '@shop/shared/ssr/first-view-auth';
import { AuthCard } from '../../shared/components/auth-card';
import { useCarriedRedirect } from '../../shared/hooks/use-carried-redirect';
import { useSignupFlow, type SignupValues } from '../hooks/use-signup-flow';
import { CheckEmail, checkEmailStatus } from './check-email';
import { SignupForm } from './signup-form';

const CHECK_EMAIL_TITLE = 'Check your email';
const CHECK_EMAIL_LEAD = 'One more step: confirm that this email is yours.';
/** Where the first view's script writes the address the email went to. */
const EMAIL_SLOT = '@';
const noop = () => undefined;

/** Drawn by the server only, last in the form (see the log-in form): the first script shows it. */
const drawnOnServer = typeof window === 'undefined';

export function SignupPage() {
  const carried = useCarriedRedirect();
  // The form's values live here, so going back from "check your email" keeps them.
  const [form] = Form.useForm<SignupValues>();
  const { submit, resend, changeEmail, sent, keepsForm, busy, error } = useSignupFlow(form);
  const [changingEmail, setChangingEmail] = useState(false);

  return (
    <AuthCard
      title={sent ? CHECK_EMAIL_TITLE : 'Create your account'}
      lead={
        sent ? CHECK_EMAIL_LEAD : 'Track your results over time and manage your kits in one place.'
      }
      // Focus follows the change of screen (and each resend's new message is announced).
      focusKey={sent ? 'check-email' : null}
    >
      {/* Always in the page, so screen readers announce what is put into it. */}
      <p role="status" className="acc-status">
        {sent && checkEmailStatus(sent.email, sent.resentAt)}
      </p>
      {sent && (
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
      )}
      {(!sent || keepsForm) && (
        <div hidden={sent !== null}>
          <SignupForm
            form={form}
            submit={submit}
            busy={busy}
            error={error}
            focusEmail={changingEmail}
            firstViewTemplate={
              drawnOnServer && (
                <template
                  {...{ [FIRST_VIEW_TEMPLATE_ATTRIBUTE]: SIGNUP_CHECK_EMAIL_TEMPLATE }}
                  data-title={CHECK_EMAIL_TITLE}
                  data-lead={CHECK_EMAIL_LEAD}
                >
                  <p role="status" className="acc-status">
                    {checkEmailStatus(EMAIL_SLOT, null)}
                  </p>
                  <CheckEmail
                    carried={carried}
                    busy={false}
                    error={null}
                    onResend={noop}
                    onChangeEmail={noop}
                  />
                </template>
              )
            }
          />
          <p className="acc-links">
            <span>
              Already registered? <Link to={`/login${carried}`}>Log in</Link>
            </span>
          </p>
        </div>
      )}
    </AuthCard>
  );
}
