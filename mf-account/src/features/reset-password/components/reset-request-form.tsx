import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useLocation } from 'react-router';
import { emailInputSchema } from '@shop/shared/contract/common';
import { zodRule } from '@shop/shared/forms/zod-rule';
import { FormAlert, FormSuccess } from '../../shared/components/form-alert';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** The one answer, whether or not an account exists, so the form does not reveal who has one. */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, a reset link is on its way. It works once and expires in an hour.';

function emailFromState(state: unknown): string | undefined {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : undefined;
}

export function ResetRequestForm() {
  const reset = useRequestPasswordReset();
  const location = useLocation();

  if (reset.isSuccess) {
    return <FormSuccess title="Check your inbox">{RESET_REQUESTED_MESSAGE}</FormSuccess>;
  }
  return (
    <Form<{ email: string }>
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: emailFromState(location.state) }}
      onFinish={(values) => reset.mutate(values)}
      noValidate
    >
      {reset.isError && (
        <FormAlert title="We could not send the link">{friendlyMessage(reset.error)}</FormAlert>
      )}
      <Form.Item
        label="Email"
        name="email"
        validateTrigger="onBlur"
        rules={[zodRule(emailInputSchema, { required: true })]}
      >
        <Input type="email" autoComplete="email" inputMode="email" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
        Send reset link
      </Button>
    </Form>
  );
}
