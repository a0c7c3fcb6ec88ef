import { useId } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { emailInputSchema } from '@shop/shared/contract/common';
import type { LoginBody } from '@shop/shared/contract/auth';
import { zodRule } from '@shop/shared/forms/zod-rule';
import { FormAlert } from '../../shared/components/form-alert';
import { useLogin } from '../hooks/use-login';
import { LegacyAccountNotice } from './legacy-account-notice';

const CREDENTIALS_MESSAGE = 'Email or password is incorrect';

export function LoginForm() {
  const [form] = Form.useForm<LoginBody>();
  const { submit, busy, failure, clearFailure } = useLogin(form);
  const errorId = useId();
  // Both fields are marked and both point at the one message: which was wrong is never said.
  const credentials = failure?.kind === 'credentials';
  const marked = credentials ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  return (
    <Form<LoginBody>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={() => failure && clearFailure()}
      noValidate
      // Drawn on the server too: a press before any script runs must never put the password in a URL.
      method="post"
    >
      {credentials && (
        <FormAlert id={errorId} title={CREDENTIALS_MESSAGE}>
          Check both and try again, or reset your password.
        </FormAlert>
      )}
      {failure?.kind === 'other' && (
        <FormAlert title="We could not log you in">{failure.message}</FormAlert>
      )}
      {failure?.kind === 'legacy' && <LegacyAccountNotice email={failure.email} />}
      <Form.Item
        label="Email"
        name="username"
        validateTrigger="onBlur"
        validateStatus={credentials ? 'error' : undefined}
        rules={[zodRule(emailInputSchema, { required: true })]}
      >
        <Input type="email" autoComplete="email" inputMode="email" size="large" {...marked} />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        validateStatus={credentials ? 'error' : undefined}
        rules={[{ required: true, message: 'Please enter your password' }]}
      >
        <Input.Password autoComplete="current-password" size="large" {...marked} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        Log in
      </Button>
    </Form>
  );
}
