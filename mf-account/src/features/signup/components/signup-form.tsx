import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { Rule } from 'antd/es/form';
import { useQueryClient } from '@tanstack/react-query';
import { businessUserExistsQueryOptions } from '@shop/shared/account/business-user-exists';
import { signupBodySchema } from '@shop/shared/contract/auth';
import { emailInputSchema } from '@shop/shared/contract/common';
import { useShell } from '@shop/shared/federation/remote-root';
import { FormAlert } from '../../shared/components/form-alert';
import { NewPasswordField } from '../../shared/components/password-field';
import { zodRule } from '../../shared/forms/zod-rule';
import { useSignupFlow, type SignupValues } from '../hooks/use-signup-flow';

const TAKEN_HINT =
  'An account with this email already exists. Log in or reset your password instead.';

export function SignupForm() {
  const [form] = Form.useForm<SignupValues>();
  const { api } = useShell();
  const queryClient = useQueryClient();
  const { submit, busy, error } = useSignupFlow(form);
  const email: string | undefined = Form.useWatch('email', form);
  const hasKit: boolean | undefined = Form.useWatch('hasKit', form);

  // Early notice while typing; the server's 409 stays the rule. A failed check says nothing.
  const takenWarning: Rule = {
    warningOnly: true,
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !emailInputSchema.safeParse(value).success) return;
      const exists = await queryClient
        .fetchQuery(businessUserExistsQueryOptions(api.payments, value))
        .catch(() => false);
      if (exists) throw new Error(TAKEN_HINT);
    },
  };

  return (
    <Form<SignupValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      noValidate
    >
      {error && <FormAlert title="We could not create your account">{error}</FormAlert>}
      <Form.Item
        label="Full name"
        name="name"
        validateTrigger="onBlur"
        rules={[zodRule(signupBodySchema.shape.name, { required: true })]}
      >
        <Input autoComplete="name" size="large" />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        validateTrigger="onBlur"
        rules={[zodRule(emailInputSchema, { required: true }), takenWarning]}
      >
        <Input type="email" autoComplete="email" inputMode="email" size="large" />
      </Form.Item>
      <NewPasswordField label="Password" email={email} />
      <Form.Item name="hasKit" valuePropName="checked">
        <Checkbox>I already have a test kit</Checkbox>
      </Form.Item>
      {hasKit && (
        <Form.Item
          label="Kit ID"
          name="kitID"
          validateTrigger="onBlur"
          extra="Printed on the side of the box, for example BW-1234-5678."
          rules={[zodRule(signupBodySchema.shape.kitID)]}
        >
          <Input size="large" autoComplete="off" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        Create account
      </Button>
    </Form>
  );
}
