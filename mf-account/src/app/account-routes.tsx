import { Route, Routes } from 'react-router';
import { AccountOverviewPage } from '../features/account-overview/components/account-overview-page';
import { LoginPage } from '../features/login/components/login-page';
import { ResetPasswordPage } from '../features/reset-password/components/reset-password-page';
import { AccountTheme } from '../features/shared/components/account-theme';
import { SignupPage } from '../features/signup/components/signup-page';

export function AccountRoutes() {
  return (
    <AccountTheme>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="account/*" element={<AccountOverviewPage />} />
        {/* The shell unmounts this area on other paths; nothing to render in between. */}
        <Route path="*" element={null} />
      </Routes>
    </AccountTheme>
  );
}
