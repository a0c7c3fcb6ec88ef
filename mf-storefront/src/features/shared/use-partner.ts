import { useShell } from '@shop/shared/federation/remote-root';
import { replaceProductName } from '@shop/shared/rules/partner-rules';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** The partner's branding with safe defaults, and the product name swapped for the partner's. */
export function usePartner() {
  const { customization, theme } = useShell();
  const businessName = text(customization?.businessName) ?? 'Partner';
  return {
    businessName,
    primaryColor: theme.primaryColor,
    text: (value: unknown, fallback: string) => replaceProductName(text(value) ?? fallback, businessName),
    image: (value: unknown) => (typeof value === 'string' && /^https?:\/\//.test(value) ? value : null),
    customization,
  };
}
