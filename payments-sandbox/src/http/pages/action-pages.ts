import { escapeHtml, htmlPage } from './page-shell';

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );

/** Like Stripe's 3-D Secure test page: the shopper completes or fails the bank's check. */
export function authenticatePage(clientSecret: string, amount: number | null, currency: string) {
  const what = amount === null ? 'saving your card' : `a payment of ${money(amount, currency)}`;
  return htmlPage({
    title: 'Authenticate your payment',
    script: '/test-provider/authenticate.js',
    body: `<main class="page" id="challenge" data-client-secret="${escapeHtml(clientSecret)}">
<p class="badge">Test mode</p>
<h1>Authenticate your payment</h1>
<p>Your bank asks you to confirm ${escapeHtml(what)}. This test page stands in for the bank's 3-D Secure check.</p>
<div class="actions">
  <button type="button" class="primary" data-outcome="complete">Complete authentication</button>
  <button type="button" data-outcome="fail">Fail authentication</button>
</div>
<p id="status" role="status"></p>
<p class="error" id="error" role="alert"></p>
</main>`,
  });
}

/** Tells the server the shopper's answer, then the shop (the frame's parent) how it ended. */
export const AUTHENTICATE_SCRIPT = `'use strict';
(function () {
  var page = document.getElementById('challenge');
  var buttons = page.querySelectorAll('button[data-outcome]');
  function done(outcome) {
    document.getElementById('status').textContent = outcome === 'succeeded' ? 'Authentication complete.' : 'Authentication failed.';
    if (window.parent !== window)
      window.parent.postMessage({ source: 'test-provider', type: 'authenticated', outcome: outcome }, location.origin);
  }
  Array.prototype.forEach.call(buttons, function (button) {
    button.addEventListener('click', function () {
      Array.prototype.forEach.call(buttons, function (other) { other.disabled = true; });
      document.getElementById('error').textContent = '';
      fetch('/test-provider/v1/authenticate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientSecret: page.getAttribute('data-client-secret'), outcome: button.getAttribute('data-outcome') }),
        credentials: 'omit'
      }).then(function (response) {
        if (!response.ok) throw new Error('refused');
        return response.json();
      }).then(function (result) {
        done(result.status === 'succeeded' ? 'succeeded' : 'failed');
      }).catch(function () {
        Array.prototype.forEach.call(buttons, function (other) { other.disabled = false; });
        document.getElementById('error').textContent = 'The bank could not be reached. Please try again.';
      });
    });
  });
  buttons[0].focus();
})();
`;

/** The pay-later provider's approval page, reached by a full-page redirect; a plain form post. */
export function bnplPage(clientSecret: string, amount: number, currency: string) {
  return htmlPage({
    title: 'Pay later',
    body: `<main class="page">
<p class="badge">Test mode</p>
<h1>Pay later</h1>
<p>Approve paying ${escapeHtml(money(amount, currency))} later with the test pay-later provider.</p>
<form method="post" action="/test-provider/bnpl">
  <input type="hidden" name="client_secret" value="${escapeHtml(clientSecret)}">
  <div class="actions">
    <button type="submit" class="primary" name="decision" value="approve">Approve payment</button>
    <button type="submit" name="decision" value="decline">Decline</button>
  </div>
</form>
</main>`,
  });
}

export function messagePage(title: string, message: string) {
  return htmlPage({
    title,
    body: `<main class="page"><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p></main>`,
  });
}
