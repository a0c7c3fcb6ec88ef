import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { Link } from 'react-router';
import { AuthCard } from '../../shared/auth-card';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ResetPasswordPage() {
  const reset = useRequestPasswordReset();
  return (
    <AuthCard title="Reset your password" lead="Enter the email you signed up with and we will send you a reset link.">
      {reset.isSuccess ? (
        <Alert type="success" showIcon title="Check your inbox" description="If an account exists for that email, a reset link is on its way." />
      ) : (
        <Form<{ email: string }> layout="vertical" requiredMark={false} onFinish={({ email }) => reset.mutate(email)}>
          <Form.Item label="Email" name="email" rules={[{ required: true, type: 'email', message: 'Please enter your email' }]}>
            <Input autoComplete="email" inputMode="email" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
            Send reset link
          </Button>
          {reset.isError && <p role="alert">We could not send the link. Please try again.</p>}
        </Form>
      )}
      <p className="acc-links">
        <Link to="/login">Back to log in</Link>
      </p>
    </AuthCard>
  );
}
