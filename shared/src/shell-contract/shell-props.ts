// The one typed contract between the shell (host) and every remote.
// A remote gets everything it needs from the shell through these parcel props and nothing else.
import type { QueryClient } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import type { ComponentType, ReactNode } from 'react';
import type { CurrentUser as ApiCurrentUser } from '../contract/user';

/** Bump the major when a change would break a remote built against the old contract. */
export const SHELL_CONTRACT_VERSION = '1.0.0';

export function contractMajor(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isFinite(major) ? major : -1;
}

/** Same shape as react-router's Location; kept structural so shared does not depend on the router. */
export interface ShellLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** Same shape as react-router's low-level Navigator. */
export interface ShellNavigator {
  createHref(to: unknown): string;
  go(delta: number): void;
  push(to: unknown, state?: unknown, opts?: unknown): void;
  replace(to: unknown, state?: unknown, opts?: unknown): void;
}

export interface ShellNavigation {
  location: ShellLocation;
  navigator: ShellNavigator;
  /** Where the remote's routes start, e.g. '' for consumer routes or '/shop/acme' for a storefront. */
  basename: string;
}

export interface Notify {
  error(message: string, description?: string): void;
  success(message: string, description?: string): void;
  info(message: string, description?: string): void;
}

/**
 * The signed-in user exactly as GET /user/cms-info returns it (the API contract's type):
 * subscriptionInfo only when asked for, balance ({ amount in cents, currency }) only on cart and checkout.
 */
export type CurrentUser = ApiCurrentUser;

export type AnalyticsEventName =
  | 'begin_checkout'
  | 'add_to_cart'
  | 'purchase'
  | 'view_item'
  | 'add_payment_info'
  | 'log_in'
  | 'email_entered'
  | 'quiz_completed';

export type Track = (event: AnalyticsEventName, params?: Record<string, unknown>) => void;

export interface Breakpoints {
  xs: 576;
  sm: 767;
  md: 800;
  lg: 992;
  xl: 1024;
  xxl: 1200;
  xxxl: 1800;
}

export interface ThemeTokens {
  primaryColor: string;
  barColor?: string;
  footerColor?: string;
  section1Color?: string;
  section2Color?: string;
  bannerColor?: string;
  bannerBGColor?: string;
  fontFamily: string;
  borderRadius: number;
  breakpoints: Breakpoints;
}

export interface ApiClients {
  connect: AxiosInstance;
  payments: AxiosInstance;
  content: AxiosInstance;
}

export interface UserContext {
  user: CurrentUser | null;
  /** True while the user query has not settled yet. */
  loading: boolean;
  /** Re-fetch the user after log-in, sign-up or log-out. */
  refresh(): Promise<void>;
  /** Resets analytics, calls the logout endpoint, then sends the browser to '/'. */
  logout(): Promise<void>;
  sessionId: string;
  isEmailVisitor: boolean;
}

/**
 * The partner customization for storefront routes. Its full schema
 * lives in the API contract; the shell passes it through untouched.
 */
export type PartnerCustomizationProp = Record<string, unknown> & { shopKey: string };

export interface ShellProps {
  contractVersion: string;
  navigation: ShellNavigation;
  queryClient: QueryClient;
  notify: Notify;
  userContext: UserContext;
  track: Track;
  theme: ThemeTokens;
  api: ApiClients;
  /** Present on /shop/:b2bKey routes only. */
  customization?: PartnerCustomizationProp | null;
  /** Lets a remote ask the shell to warm up another area, e.g. checkout from the cart. */
  preloadArea?(area: AreaName): void;
  /**
   * Mounts another area inside this remote (checkout's thank-you page hosts upgrades) without
   * the remote knowing how areas load. The shell's loader, fallback and Try again apply inside it.
   */
  AreaOutlet?: ComponentType<AreaOutletProps>;
  /** A remote's error boundary reports a crash here so the shell can show the area fallback. */
  reportAreaError?(area: AreaName, error: unknown): void;
}

export interface AreaOutletProps {
  area: AreaName;
  /** Extra props for the nested area, e.g. the payment id on the thank-you page. */
  areaProps?: Record<string, unknown>;
  /**
   * Shown instead of the shell's full-size fallback when the nested area cannot load or crashes,
   * for slots where a loud error would be wrong (the thank-you page's upgrade offers).
   */
  fallback?: ReactNode;
  /** Shown instead of the shell's full-height spinner while the nested area loads. */
  loading?: ReactNode;
}

/** Query keys shared by the shell and the remotes, so one cache serves the header and the areas. */
export const USER_QUERY_KEY = ['user', 'cms-info'] as const;
export const CUSTOMIZATION_QUERY_KEY = ['customization'] as const;

export type AreaName = 'account' | 'catalog' | 'checkout' | 'upgrades' | 'storefront' | 'ops';

export const AREA_NAMES: readonly AreaName[] = [
  'account',
  'catalog',
  'checkout',
  'upgrades',
  'storefront',
  'ops',
];

/**
 * Areas the shell loads only for operators: it asks the API (GET /api/v1/ops/session, a 404 for
 * anyone else) before fetching any of their files, and shows everyone else its own not-found page.
 */
export const OPERATOR_AREAS: readonly AreaName[] = ['ops'];

/** Breakpoints in px; the one source for the shell theme and every remote. */
export const BREAKPOINTS: Breakpoints = {
  xs: 576,
  sm: 767,
  md: 800,
  lg: 992,
  xl: 1024,
  xxl: 1200,
  xxxl: 1800,
};

export const BRAND_COLOR = '#3cbab5';

/** Federation container names; valid identifiers as module federation requires. */
export const REMOTE_NAMES: Record<AreaName, string> = {
  account: 'mf_account',
  catalog: 'mf_catalog',
  checkout: 'mf_checkout',
  upgrades: 'mf_upgrades',
  storefront: 'mf_storefront',
  ops: 'mf_ops',
};
