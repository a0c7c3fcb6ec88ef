// The partner form's values and how they map to the contract: blank text is null (the storefront's
// own copy stands in), products are edited as JSON. Every rule is the contract's zod schema.
import type { Rule } from 'antd/es/form';
import {
  customizationFieldsSchema,
  DEFAULT_PRICING_MODE,
  DEFAULT_PRIMARY_COLOR,
  shopKeySchema,
  type Customization,
  type CustomizationInput,
} from '@shop/shared/contract/customization';
import { zodRule } from '@shop/shared/forms/zod-rule';
import type { PartnerCustomizationProp } from '@shop/shared/shell-contract/shell-props';

type Fields = typeof customizationFieldsSchema.shape;

export type FieldKind = 'text' | 'textarea' | 'image' | 'color' | 'link';

export interface PlainField {
  name: keyof Fields;
  label: string;
  kind: FieldKind;
}

/** The single-value fields, grouped as the form shows them. */
export const FIELD_GROUPS: readonly { title: string; fields: readonly PlainField[] }[] = [
  {
    title: 'Brand',
    fields: [
      { name: 'businessName', label: 'Business name', kind: 'text' },
      { name: 'logo', label: 'Logo image', kind: 'image' },
      { name: 'logoLink', label: 'Logo link', kind: 'link' },
      { name: 'favicon', label: 'Favicon', kind: 'image' },
      { name: 'boxLogo', label: 'Logo on the kit box', kind: 'image' },
      { name: 'redirectLink', label: 'Redirect link', kind: 'link' },
    ],
  },
  {
    title: 'Colours',
    fields: [
      { name: 'primaryColor', label: 'Primary colour', kind: 'color' },
      { name: 'barColor', label: 'Bar colour', kind: 'color' },
      { name: 'footerColor', label: 'Footer colour', kind: 'color' },
      { name: 'section1Color', label: 'Section 1 colour', kind: 'color' },
      { name: 'section2Color', label: 'Section 2 colour', kind: 'color' },
    ],
  },
  {
    title: 'Main page',
    fields: [
      { name: 'mainPageTitle', label: 'Title', kind: 'text' },
      { name: 'mainPageDescription', label: 'Description', kind: 'textarea' },
      { name: 'mainPageImage', label: 'Hero image', kind: 'image' },
      { name: 'mainPageStep1Image', label: 'Step 1 image', kind: 'image' },
      { name: 'mainPageStep2Image', label: 'Step 2 image', kind: 'image' },
      { name: 'mainPageStep3Image', label: 'Step 3 image', kind: 'image' },
    ],
  },
  {
    title: 'Banner',
    fields: [
      { name: 'bannerContent', label: 'Banner text', kind: 'textarea' },
      { name: 'bannerColor', label: 'Banner text colour', kind: 'color' },
      { name: 'bannerBGColor', label: 'Banner background colour', kind: 'color' },
    ],
  },
  {
    title: 'About',
    fields: [
      { name: 'aboutTitle', label: 'About title', kind: 'text' },
      { name: 'aboutDescription', label: 'About description', kind: 'textarea' },
      { name: 'aboutImage', label: 'About image', kind: 'image' },
    ],
  },
  {
    title: 'Footer',
    fields: [
      { name: 'companyDescription', label: 'Company description', kind: 'textarea' },
      { name: 'facebookLink', label: 'Facebook link', kind: 'link' },
      { name: 'instagramLink', label: 'Instagram link', kind: 'link' },
      { name: 'twitterLink', label: 'Twitter link', kind: 'link' },
      { name: 'youtubeLink', label: 'YouTube link', kind: 'link' },
    ],
  },
];

const PLAIN_FIELDS = FIELD_GROUPS.flatMap((group) => group.fields.map((field) => field.name));

export interface PartnerFormValues extends Record<string, unknown> {
  shopKey: string;
  pricingMode: Customization['pricingMode'];
  newMarkersSection: boolean;
  bannerShow: boolean;
  aboutPoints: string[];
  metaTags: { name?: string; content?: string }[];
  redirectAfterPurchase: { url?: string; productKeys?: string[] }[];
  /** The products as JSON text; blank for none (the shop's own offers). */
  products: string;
}

const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : (value ?? null);

/** A contract field's own rule: blank is "not set" where the contract allows null. */
export function fieldRule(name: keyof Fields): Rule {
  const schema = customizationFieldsSchema.shape[name];
  const nullable = schema.safeParse(null).success;
  return zodRule({
    safeParse: (value: unknown) => schema.safeParse(nullable ? blankToNull(value) : (value ?? '')),
  });
}

/** The rule for one about point: the contract's rule for each item of the list. */
export const aboutPointRule: Rule = zodRule(
  customizationFieldsSchema.shape.aboutPoints.unwrap().element,
);

export const shopKeyRule = zodRule(shopKeySchema, { requiredMessage: 'A shop key is required' });

function parseProducts(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return Symbol('not JSON');
  }
}

export const productsRule: Rule = zodRule({
  safeParse: (value: unknown) => {
    const parsed = parseProducts(typeof value === 'string' ? value : '');
    if (typeof parsed === 'symbol')
      return {
        success: false,
        error: {
          issues: [{ path: [], message: 'Products must be JSON: a list of offers, or blank' }],
        },
      };
    return customizationFieldsSchema.shape.products.safeParse(parsed);
  },
});

export function toFormValues(partner: Customization | null): PartnerFormValues {
  const values: PartnerFormValues = {
    shopKey: partner?.shopKey ?? '',
    pricingMode: partner?.pricingMode ?? DEFAULT_PRICING_MODE,
    newMarkersSection: partner?.newMarkersSection ?? false,
    bannerShow: partner?.bannerShow ?? false,
    aboutPoints: [...(partner?.aboutPoints ?? [])],
    metaTags: (partner?.metaTags ?? []).map((tag) => ({ ...tag })),
    redirectAfterPurchase: (partner?.redirectAfterPurchase ?? []).map((rule) => ({
      url: rule.url,
      productKeys: [...rule.productKeys],
    })),
    products: partner?.products ? JSON.stringify(partner.products, null, 2) : '',
  };
  const plain: Record<string, unknown> = values;
  for (const name of PLAIN_FIELDS) plain[name] = partner ? (partner[name] ?? '') : '';
  if (!partner) values.primaryColor = DEFAULT_PRIMARY_COLOR;
  return values;
}

/** The values as the API takes them (it validates again with the same schema). */
export function toCustomizationInput(values: PartnerFormValues): CustomizationInput {
  const input: Record<string, unknown> = {
    pricingMode: values.pricingMode,
    newMarkersSection: Boolean(values.newMarkersSection),
    bannerShow: Boolean(values.bannerShow),
    aboutPoints: (values.aboutPoints ?? []).filter(
      (point) => typeof point === 'string' && point.trim() !== '',
    ),
    metaTags: (values.metaTags ?? []).map((tag) => ({
      name: tag.name ?? '',
      content: tag.content ?? '',
    })),
    redirectAfterPurchase: (values.redirectAfterPurchase ?? []).map((rule) => ({
      url: rule.url ?? '',
      productKeys: rule.productKeys ?? [],
    })),
    products: parseProducts(values.products ?? ''),
  };
  for (const name of PLAIN_FIELDS) input[name] = blankToNull(values[name]);
  return input as CustomizationInput;
}

/** The unsaved values as the storefront would receive them, for the preview. */
export function toPreviewCustomization(values: PartnerFormValues): PartnerCustomizationProp {
  const input = toCustomizationInput(values) as Record<string, unknown>;
  return { ...input, shopKey: values.shopKey || 'preview' };
}

/** An API field path ("metaTags.0.content") as the form's name path. */
export function formNamePath(path: string): (string | number)[] {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
