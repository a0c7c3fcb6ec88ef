import { Route, Routes } from 'react-router';
import { LoginPage } from '../features/login/components/login-page';
import { SignupPage } from '../features/signup/components/signup-page';
import { ResetPasswordPage } from '../features/reset-password/components/reset-password-page';
import { AccountOverviewPage } from '../features/account-overview/components/account-overview-page';

export function AccountRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="signup" element={<SignupPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route path="account/*" element={<AccountOverviewPage />} />
    </Routes>
  );
}
