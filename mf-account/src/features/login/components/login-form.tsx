import { useId, useRef } from 'react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { emailInputSchema } from '@shop/shared/contract/common';
import type { LoginBody } from '@shop/shared/contract/auth';
import { zodRule } from '@shop/shared/forms/zod-rule';
import {
  FIRST_VIEW_TEMPLATE_ATTRIBUTE,
  LOGIN_CREDENTIALS_TEMPLATE,
} from '@shop/shared/ssr/first-view-auth';
import { FormAlert } from '../../shared/components/form-alert';
import { FirstViewSubmit } from '../../shared/components/first-view-submit';
import { useLogin } from '../hooks/use-login';
import { LOGIN_FORM } from '../login-form-name';
import { FORM_NAME_FIELD } from '@shop/shared/ssr/server-form';
import { useFormFlash } from '@shop/shared/ssr/use-form-flash';
import { LegacyAccountNotice } from './legacy-account-notice';

const CREDENTIALS_MESSAGE = 'Email or password is incorrect';

function CredentialsAlert({ id }: { id: string }) {
  return (
    <FormAlert id={id} title={CREDENTIALS_MESSAGE}>
      Check both and try again, or reset your password.
    </FormAlert>
  );
}

/**
 * Drawn by the server only, last in the form (React lets a form hold server nodes its client render
 * lacks): the first view's script sends a press of "Log in" itself and shows its answer from it.
 */
const drawnOnServer = typeof window === 'undefined';

export function LoginForm() {
  const [form] = Form.useForm<LoginBody>();
  const { submit, busy, failure, clearFailure } = useLogin(form);
  const errorId = useId();
  // Both fields are marked and both point at the one message: which was wrong is never said.
  const credentials = failure?.kind === 'credentials';
  const marked = credentials ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  // What the fields held at the last change: one filled from empty is the first view's typing
  // carried over (a refusal the first view received is about it), an edit is a new attempt.
  const held = useRef<Partial<LoginBody>>({});
  // Refused a moment ago without JavaScript: the email typed is there again (never the password).
  const refused = useFormFlash(LOGIN_FORM);

  return (
    <Form<LoginBody>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={(changed: Partial<LoginBody>, all: LoginBody) => {
        const edited = (Object.keys(changed) as (keyof LoginBody)[]).some(
          (name) => held.current[name],
        );
        held.current = all;
        if (failure && edited) clearFailure();
      }}
      noValidate
      // Drawn on the server too: a press before any script runs must never put the password in a
      // URL. Without JavaScript the post is the log-in itself (server/handle-form.ts).
      method="post"
      initialValues={refused?.values?.username ? { username: refused.values.username } : undefined}
    >
      <input type="hidden" name={FORM_NAME_FIELD} value={LOGIN_FORM} />
      {credentials && <CredentialsAlert id={errorId} />}
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
        <Input
          type="email"
          name="username"
          autoComplete="email"
          inputMode="email"
          size="large"
          {...marked}
        />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        validateStatus={credentials ? 'error' : undefined}
        rules={[{ required: true, message: 'Please enter your password' }]}
      >
        <Input.Password name="password" autoComplete="current-password" size="large" {...marked} />
      </Form.Item>
      <FirstViewSubmit action="login" busy={busy}>
        Log in
      </FirstViewSubmit>
      {drawnOnServer && (
        <template {...{ [FIRST_VIEW_TEMPLATE_ATTRIBUTE]: LOGIN_CREDENTIALS_TEMPLATE }}>
          <CredentialsAlert id={errorId} />
        </template>
      )}
    </Form>
  );
}
