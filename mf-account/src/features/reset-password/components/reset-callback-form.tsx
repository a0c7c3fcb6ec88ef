import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import { Link } from 'react-router';
import type { ApiError } from '@shop/shared/http/api-error';
import { FormAlert, FormSuccess } from '../../shared/components/form-alert';
import { NewPasswordField } from '../../shared/components/password-field';
import { applyApiFieldErrors, friendlyMessage } from '../../shared/forms/api-form-errors';
import { useResetPasswordCallback } from '../api/reset-password-callback';
import { useResetLinkStatus } from '../api/reset-link-status';

interface NewPasswordValues {
  password: string;
  confirm: string;
}

const LINK_PROBLEMS = new Set(['RESET_LINK_UNKNOWN', 'RESET_LINK_USED', 'RESET_LINK_EXPIRED']);

function LinkProblem({ error }: { error: ApiError }) {
  return (
    <FormAlert title="This link cannot be used">
      <p style={{ margin: '0 0 8px' }}>{error.message}</p>
      <Link to="/reset-password">Request a new link</Link>
    </FormAlert>
  );
}

/** Step two: the emailed link opened /reset-password?linkId=…; choose the new password. */
export function ResetCallbackForm({ linkId }: { linkId: string }) {
  const [form] = Form.useForm<NewPasswordValues>();
  const callback = useResetPasswordCallback();
  // Checked as the page opens, so a used or expired link says so before anyone types a password.
  const link = useResetLinkStatus(linkId);

  if (callback.isSuccess) {
    return (
      <FormSuccess title="Your password is changed">
        <p style={{ margin: '0 0 8px' }}>
          Log in with your new password. Other devices have been logged out.
        </p>
        <Link to="/login">Log in</Link>
      </FormSuccess>
    );
  }
  if (callback.error && LINK_PROBLEMS.has(callback.error.code))
    return <LinkProblem error={callback.error} />;
  if (link.isPending)
    return (
      <p role="status">
        <Spin size="small" /> Checking your reset link…
      </p>
    );
  // Any other failure of the check (network) leaves the form: the save gives the final answer.
  if (link.error && LINK_PROBLEMS.has(link.error.code)) return <LinkProblem error={link.error} />;

  const onFinish = ({ password }: NewPasswordValues) =>
    callback.mutate(
      { linkId, password },
      { onError: (error) => applyApiFieldErrors(form, error, { password: 'password' }) },
    );
  const otherError =
    callback.error && !('password' in callback.error.fields) ? callback.error : null;

  return (
    <Form<NewPasswordValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      noValidate
    >
      {otherError && (
        <FormAlert title="We could not change your password">
          {friendlyMessage(otherError)}
        </FormAlert>
      )}
      <NewPasswordField label="New password" />
      <Form.Item
        label="Repeat the new password"
        name="confirm"
        dependencies={['password']}
        validateTrigger="onBlur"
        rules={[
          { required: true, message: 'Please repeat the new password' },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value && value !== getFieldValue('password'))
                throw new Error('The two passwords do not match');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={callback.isPending}>
        Save new password
      </Button>
    </Form>
  );
}
