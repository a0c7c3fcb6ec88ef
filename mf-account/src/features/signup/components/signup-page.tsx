import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { Link, useNavigate } from 'react-router';
import { useShell } from '@shop/shared/federation/remote-root';
import { AuthCard } from '../../shared/auth-card';
import { useSignup } from '../api/signup';

interface SignupForm {
  name: string;
  email: string;
  password: string;
  kitID?: string;
}

export function SignupPage() {
  const { notify, userContext } = useShell();
  const navigate = useNavigate();
  const signup = useSignup();
  const onFinish = (values: SignupForm) =>
    signup.mutate(
      { ...values, kitID: values.kitID?.trim() || null, sessionId: userContext.sessionId },
      {
        onSuccess: () => {
          notify.success('Welcome!', 'Your account is ready.');
          navigate('/account');
        },
        onError: () => notify.error('Sign-up failed', 'That email may already have an account. Try logging in instead.'),
      },
    );
  return (
    <AuthCard title="Create your account" lead="Track your results over time and manage your kits in one place.">
      <Form<SignupForm> layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label="Full name" name="name" rules={[{ required: true, message: 'Please enter your name' }]}>
          <Input autoComplete="name" size="large" />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[{ required: true, type: 'email', message: 'Please enter your email' }]}>
          <Input autoComplete="email" inputMode="email" size="large" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, min: 8, message: 'Please enter at least 8 characters' }]}>
          <Input.Password autoComplete="new-password" size="large" />
        </Form.Item>
        <Form.Item label="Kit ID (optional)" name="kitID" extra="Printed on the box if you already have a kit.">
          <Input size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={signup.isPending}>
          Create account
        </Button>
      </Form>
      <p className="acc-links">
        <span>
          Already registered? <Link to="/login">Log in</Link>
        </span>
      </p>
    </AuthCard>
  );
}
