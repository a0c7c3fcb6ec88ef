import { NavLink, Outlet } from 'react-router';
import Typography from 'antd/es/typography';
import { useShell } from '@shop/shared/federation/remote-root';
import { OpsStyles } from './ops-styles';

const SCREENS = [
  { to: '/ops/releases', label: 'Releases' },
  { to: '/ops/partners', label: 'Partners' },
  { to: '/ops/orders', label: 'Orders' },
  { to: '/ops/fulfilment', label: 'Fulfilment' },
  { to: '/ops/subscriptions', label: 'Subscriptions' },
  { to: '/ops/jobs', label: 'Jobs' },
  { to: '/ops/web-vitals', label: 'Field data' },
] as const;

/** The console's frame: its title, who is signed in, and one link per screen. */
export function OpsLayout() {
  const { userContext } = useShell();
  return (
    <div className="ops-console">
      <OpsStyles />
      <header className="ops-console__header">
        <Typography.Title level={1} style={{ margin: 0, fontSize: 26 }}>
          Operator console
        </Typography.Title>
        {userContext.user && (
          <Typography.Text type="secondary">Signed in as {userContext.user.email}</Typography.Text>
        )}
      </header>
      <nav aria-label="Operator console" className="ops-console__nav">
        <ul>
          {SCREENS.map((screen) => (
            <li key={screen.to}>
              <NavLink to={screen.to}>{screen.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
