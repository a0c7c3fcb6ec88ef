/** The shop's own product and brand name, replaced by a partner's businessName on storefronts. */
export const PRODUCT_NAME = 'Bloodwise';
