import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { logInEvent } from '@shop/shared/analytics/ga4';
import { safeSameOriginRedirect } from '@shop/shared/rules/safe-redirect';
import { useShell } from '@shop/shared/federation/remote-root';
import { AuthCard } from '../../shared/auth-card';
import { useLoginWithPassword, type LoginBody } from '../api/login-with-password';

export function LoginPage() {
  const { notify, track } = useShell();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLoginWithPassword();

  const onFinish = (values: LoginBody) =>
    login.mutate(values, {
      onSuccess: () => {
        track('log_in', { ...logInEvent('password') });
        navigate(safeSameOriginRedirect(params.get('redirect'), window.location.origin, '/'));
      },
      onError: () => notify.error('Log in failed', 'Check your email and password and try again.'),
    });

  return (
    <AuthCard title="Log in" lead="Welcome back. Log in to see your results, orders and subscriptions.">
      <Form<LoginBody> layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label="Email" name="username" rules={[{ required: true, type: 'email', message: 'Please enter your email' }]}>
          <Input autoComplete="email" inputMode="email" size="large" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
          Log in
        </Button>
      </Form>
      <p className="acc-links">
        <Link to="/reset-password">Forgot your password?</Link>
        <Link to="/signup">Create an account</Link>
      </p>
    </AuthCard>
  );
}
