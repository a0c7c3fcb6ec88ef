import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { FormSuccess } from '../../shared/components/form-alert';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useRequestPasswordReset } from '../../reset-password/api/request-password-reset';

/** Shown instead of a log-in error when the account lives on the old store. */
export function LegacyAccountNotice({ email }: { email: string }) {
  const reset = useRequestPasswordReset();
  if (reset.isSuccess) {
    return (
      <FormSuccess title="Check your inbox">
        We sent a link to {email}. Open it to set your new password, then log in here.
      </FormSuccess>
    );
  }
  return (
    <Alert
      className="acc-alert"
      type="info"
      showIcon
      role="alert"
      title="Your account is from our old store"
      description={
        <>
          <p style={{ margin: '0 0 10px' }}>
            To use it here, set a new password. We will email a reset link to{' '}
            <strong>{email}</strong>.
          </p>
          <Button type="primary" loading={reset.isPending} onClick={() => reset.mutate({ email })}>
            Email me a reset link
          </Button>
          {reset.isError && (
            <p role="alert" style={{ margin: '8px 0 0' }}>
              {friendlyMessage(reset.error)}
            </p>
          )}
        </>
      }
    />
  );
}
