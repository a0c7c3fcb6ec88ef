// The built-in provider's pages: small static HTML with their own stylesheet and scripts (no
// inline script, so the policy stays strict), framed only by the shop's own origin.

/** Only this origin may frame the pages; scripts, styles and form posts stay on it too. */
export const PAGE_HEADERS = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; '),
  'x-frame-options': 'SAMEORIGIN',
  'cache-control': 'no-store',
  'referrer-policy': 'same-origin',
};

export const SCRIPT_HEADERS = { 'cache-control': 'public, max-age=300' };

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

export function htmlPage({
  title,
  body,
  script,
}: {
  title: string;
  body: string;
  script?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/test-provider/styles.css">
${script ? `<script src="${script}" defer></script>` : ''}
</head>
<body>
${body}
</body>
</html>`;
}

export const STYLES = `*{box-sizing:border-box}
html,body{margin:0;padding:0;background:transparent;color:#1f1f1f;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{padding:2px}
.page{max-width:480px;margin:0 auto;padding:24px 16px}
.field{margin:0 0 12px}
.row{display:flex;gap:12px}
.row .field{flex:1;min-width:0}
label{display:block;margin:0 0 4px;font-size:14px;font-weight:500}
input[type=text]{width:100%;min-height:44px;padding:8px 12px;border:1px solid #8c8c8c;border-radius:6px;font:inherit;background:#fff;color:inherit}
input[type=text]:focus{outline:2px solid #0958d9;outline-offset:1px;border-color:#0958d9}
input[aria-invalid=true]{border-color:#cf1322}
.error{margin:4px 0 0;color:#cf1322;font-size:14px;min-height:0}
.error:empty{display:none}
fieldset{border:0;margin:0 0 12px;padding:0;display:flex;gap:16px;flex-wrap:wrap}
legend{font-size:14px;font-weight:500;margin:0 0 6px;padding:0}
.choice{display:flex;align-items:center;gap:6px;min-height:44px;font-size:16px;font-weight:400;margin:0}
.choice input{width:20px;height:20px;margin:0}
.note{font-size:14px;color:#595959;margin:0 0 12px}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin:16px 0 0}
button{min-height:44px;padding:8px 16px;border-radius:6px;border:1px solid #0958d9;font:inherit;cursor:pointer;background:#fff;color:#0958d9}
button.primary{background:#0958d9;color:#fff}
button:focus-visible{outline:2px solid #0958d9;outline-offset:2px}
button[disabled]{opacity:.6;cursor:default}
h1{font-size:20px;margin:0 0 8px}
.badge{display:inline-block;font-size:12px;padding:2px 8px;border-radius:10px;background:#fff7e6;color:#ad4e00;margin:0 0 12px}
`;
