import { useEffect, type ReactNode } from 'react';
import Checkbox from 'antd/es/checkbox';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import { signupBodySchema } from '@shop/shared/contract/auth';
import { emailInputSchema } from '@shop/shared/contract/common';
import { zodRule } from '@shop/shared/forms/zod-rule';
import { FormAlert } from '../../shared/components/form-alert';
import { FirstViewSubmit } from '../../shared/components/first-view-submit';
import { NewPasswordField } from '../../shared/components/password-field';
import type { SignupValues } from '../hooks/use-signup-flow';

// No "this email already has an account" hint here: the form answers the same for every
// address (see docs/decisions/account-enumeration.md); an owner is told by mail.
export function SignupForm({
  form,
  submit,
  busy,
  error,
  focusEmail,
  firstViewTemplate,
}: {
  form: FormInstance<SignupValues>;
  submit: (values: SignupValues) => Promise<void>;
  busy: boolean;
  error: string | null;
  /** Back from "check your email" to correct the address: start there. */
  focusEmail: boolean;
  /** What the first view's script may show, drawn last in the form (see the log-in form). */
  firstViewTemplate?: ReactNode;
}) {
  const email: string | undefined = Form.useWatch('email', form);
  const hasKit: boolean | undefined = Form.useWatch('hasKit', form);
  useEffect(() => {
    if (focusEmail) form.focusField('email');
  }, [focusEmail, form]);

  return (
    <Form<SignupValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      noValidate
      // Drawn on the server too: a press before any script runs must never put the password in a URL.
      method="post"
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
        rules={[zodRule(emailInputSchema, { required: true })]}
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
          extra="Printed on the box and the tube label, like ABCDE-FGHJK-M. You can finish activating it in your account."
          rules={[zodRule(signupBodySchema.shape.kitID)]}
        >
          <Input size="large" autoComplete="off" />
        </Form.Item>
      )}
      <FirstViewSubmit action="signup" busy={busy}>
        Create account
      </FirstViewSubmit>
      {firstViewTemplate}
    </Form>
  );
}
