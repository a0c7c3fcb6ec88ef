import { htmlPage } from './page-shell';

/** The card field the shop frames: card number, expiry and CVC, and "Pay later" when asked for. */
export function elementPage(methods: readonly string[]): string {
  const payLater = methods.includes('bnpl');
  const choice = payLater
    ? `<fieldset>
  <legend>Payment method</legend>
  <label class="choice"><input type="radio" name="method" value="card" checked> Card</label>
  <label class="choice"><input type="radio" name="method" value="bnpl"> Pay later</label>
</fieldset>`
    : '';
  return htmlPage({
    title: 'Card details',
    script: '/test-provider/element.js',
    body: `<form id="element" novalidate>
${choice}
<div id="card-fields">
  <div class="field">
    <label for="number">Card number</label>
    <input type="text" id="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" aria-describedby="number-error" aria-invalid="false">
    <p class="error" id="number-error" role="alert"></p>
  </div>
  <div class="row">
    <div class="field">
      <label for="expiry">Expiry (MM / YY)</label>
      <input type="text" id="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7" aria-describedby="expiry-error" aria-invalid="false">
      <p class="error" id="expiry-error" role="alert"></p>
    </div>
    <div class="field">
      <label for="cvc">CVC</label>
      <input type="text" id="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" aria-describedby="cvc-error" aria-invalid="false">
      <p class="error" id="cvc-error" role="alert"></p>
    </div>
  </div>
</div>
<p class="note" id="bnpl-note" hidden>You will approve the payment with the pay-later provider after placing the order. Amounts up to $2,000.</p>
<p class="error" id="form-error" role="alert"></p>
</form>`,
  });
}

/**
 * The element's script: formats and checks the fields, tells the shop when they are complete,
 * and turns them into a token when the shop asks (the number goes to the provider only).
 */
export const ELEMENT_SCRIPT = `'use strict';
(function () {
  var origin = location.origin;
  var form = document.getElementById('element');
  var fields = { number: byId('number'), expiry: byId('expiry'), cvc: byId('cvc') };
  var touched = {};
  function byId(id) { return document.getElementById(id); }
  function post(message) { message.source = 'test-provider'; window.parent.postMessage(message, origin); }
  function method() {
    var checked = form.querySelector('input[name=method]:checked');
    return checked ? checked.value : 'card';
  }
  function digits(value) { return value.replace(/\\D/g, ''); }
  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
      sum += digit;
    }
    return sum % 10 === 0;
  }
  function expiry() {
    var parts = digits(fields.expiry.value);
    return { month: Number(parts.slice(0, 2)), year: 2000 + Number(parts.slice(2, 4)), length: parts.length };
  }
  function problems() {
    var found = {};
    var number = digits(fields.number.value);
    if (number.length < 12 || number.length > 19 || !luhn(number)) found.number = 'Your card number is invalid.';
    var exp = expiry();
    var now = new Date();
    if (exp.length !== 4 || exp.month < 1 || exp.month > 12 || exp.year * 12 + exp.month - 1 < now.getFullYear() * 12 + now.getMonth())
      found.expiry = "Your card's expiration date is invalid or in the past.";
    if (!/^\\d{3,4}$/.test(fields.cvc.value)) found.cvc = "Your card's security code is invalid.";
    return found;
  }
  function show(name, message) {
    byId(name + '-error').textContent = message || '';
    fields[name].setAttribute('aria-invalid', message ? 'true' : 'false');
  }
  function report(all) {
    var found = method() === 'card' ? problems() : {};
    var first = null;
    Object.keys(fields).forEach(function (name) {
      var message = (all || touched[name]) && found[name] ? found[name] : null;
      show(name, message);
      if (message && !first) first = message;
    });
    post({ type: 'change', complete: Object.keys(found).length === 0, method: method(), error: first });
    return found;
  }
  fields.number.addEventListener('input', function () {
    fields.number.value = digits(fields.number.value).slice(0, 19).replace(/(\\d{4})(?=\\d)/g, '$1 ');
    report(false);
  });
  fields.expiry.addEventListener('input', function (event) {
    var value = digits(fields.expiry.value).slice(0, 4);
    var deleting = event.inputType && event.inputType.indexOf('delete') === 0;
    fields.expiry.value = value.length > 2 || (value.length === 2 && !deleting) ? value.slice(0, 2) + ' / ' + value.slice(2) : value;
    report(false);
  });
  fields.cvc.addEventListener('input', function () {
    fields.cvc.value = digits(fields.cvc.value).slice(0, 4);
    report(false);
  });
  Object.keys(fields).forEach(function (name) {
    fields[name].addEventListener('blur', function () {
      if (fields[name].value) touched[name] = true;
      report(false);
    });
  });
  form.addEventListener('change', function (event) {
    if (event.target.name !== 'method') return;
    var card = method() === 'card';
    byId('card-fields').hidden = !card;
    byId('bnpl-note').hidden = card;
    byId('form-error').textContent = '';
    report(false);
  });
  form.addEventListener('submit', function (event) { event.preventDefault(); });

  function tokenize(requestId) {
    byId('form-error').textContent = '';
    var answer = function (message) { message.requestId = requestId; post(message); };
    var body;
    if (method() === 'bnpl') body = { type: 'bnpl' };
    else {
      var found = report(true);
      var names = Object.keys(found);
      if (names.length) {
        fields[names[0]].focus();
        return answer({ type: 'error', error: found[names[0]] });
      }
      var exp = expiry();
      body = { number: digits(fields.number.value), expMonth: exp.month, expYear: exp.year, cvc: fields.cvc.value };
    }
    fetch('/test-provider/v1/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit'
    }).then(function (response) {
      return response.json().then(function (json) {
        if (response.ok) return answer({ type: 'token', token: json.id });
        var error = (json && json.error) || {};
        var message = error.message || 'Your card could not be checked. Please try again.';
        var field = Object.keys(error.fields || {}).filter(function (name) { return fields[name]; })[0];
        if (field) show(field, message); else byId('form-error').textContent = message;
        answer({ type: 'error', error: message });
      });
    }).catch(function () {
      var message = 'We could not reach the payment provider. Please try again.';
      byId('form-error').textContent = message;
      answer({ type: 'error', error: message });
    });
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.origin !== origin || event.source !== window.parent || !data || data.source !== 'shop') return;
    if (data.type === 'tokenize' && typeof data.requestId === 'string') tokenize(data.requestId);
  });
  var lastHeight = 0;
  function resize() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== lastHeight) { lastHeight = height; post({ type: 'resize', height: height }); }
  }
  if (window.ResizeObserver) new ResizeObserver(resize).observe(document.documentElement);
  post({ type: 'ready' });
  resize();
  report(false);
})();
`;
