// A partner whose data tries every trick, for the tests (never part of the demo seed).
// HOSTILE_TEXT_CUSTOMIZATION passes the write path: markup is plain text there, and the storefront
// must show it as text. HOSTILE_LINK_FIELDS are what the write path refuses; tests store them with
// raw SQL to prove the read path and the storefront ignore them too.
import type { CustomizationInput } from '@shop/shared/contract/customization';

export const HOSTILE_PARTNER_KEY = 'hostile-partner';

/** Each payload sets window.__pwned (or opens a dialog) if it ever runs. */
export const SCRIPT_PAYLOAD = '<script>window.__pwned = "script"; alert("script")</script>';
export const IMG_PAYLOAD = '<img src="x" onerror="window.__pwned = \'img\'; alert(\'img\')">';

export const HOSTILE_TEXT_CUSTOMIZATION = {
  businessName: `Hostile ${IMG_PAYLOAD} Shop`,
  primaryColor: '#a61e4d',
  mainPageTitle: `Welcome ${SCRIPT_PAYLOAD}`,
  mainPageDescription: `Bloodwise ${IMG_PAYLOAD} kits`,
  aboutTitle: `About <svg onload="window.__pwned='svg'">us</svg>`,
  aboutDescription: `<iframe src="javascript:window.__pwned='iframe'"></iframe>`,
  aboutPoints: [SCRIPT_PAYLOAD, IMG_PAYLOAD],
  bannerContent: `<a href="javascript:window.__pwned='banner'">Click</a> ${SCRIPT_PAYLOAD}`,
  bannerShow: true,
  companyDescription: `<style>body{display:none}</style>${IMG_PAYLOAD}`,
  metaTags: [{ name: 'description', content: `"><script>window.__pwned='meta'</script>` }],
} satisfies CustomizationInput;

export const HOSTILE_LINK_FIELDS = {
  redirectLink: 'javascript:window.__pwned="redirect";alert("redirect")',
  logoLink: 'javascript:window.__pwned="logo"',
  facebookLink: 'javascript:window.__pwned="facebook"',
  instagramLink: ' JaVaScRiPt:window.__pwned="instagram"',
  twitterLink: 'data:text/html,<script>window.__pwned="twitter"</script>',
  youtubeLink: 'vbscript:msgbox(1)',
  logo: 'javascript:window.__pwned="logo-src"',
  favicon: 'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0iZmF2aWNvbiI8L3NjcmlwdD4=',
  mainPageImage: 'javascript:window.__pwned="hero"',
  primaryColor: 'red;background:url(javascript:window.__pwned="css")',
  barColor: 'expression(window.__pwned="bar")',
  redirectAfterPurchase: [{ url: 'javascript:window.__pwned="after"', productKeys: [] }],
  metaTags: [
    { name: 'http-equiv', content: '0;url=javascript:window.__pwned="refresh"' },
    { name: 'og:url', content: 'javascript:window.__pwned="og"' },
  ],
} as const;
