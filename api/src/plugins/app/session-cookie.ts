import type { AppConfig } from '../../config/config';

/** Over https the __Host- prefix pins the cookie to this host, path / and Secure. */
export function sessionCookieName(config: Pick<AppConfig, 'secureCookies'>): string {
  return config.secureCookies ? '__Host-bw_session' : 'bw_session';
}
