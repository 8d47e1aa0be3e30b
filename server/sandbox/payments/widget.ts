import type { I18n } from '@lingui/core'

/**
 * The sandbox's COPYandPAY widget script. It runs in the merchant's page, so it is plain ES2017 with no imports,
 * finds its own origin from its script URL (it works cross-origin too) and renders the card form into
 * `form.paymentWidgets`. Its card rules repeat those of cards.ts, which the server checks again.
 */
export interface WidgetConfig {
  /** The checkout id, or null when it is unknown, expired or already used. */
  checkoutId: string | null
  /** This script's own path, for browsers without document.currentScript. */
  scriptPath: string
  /**
   * The widget's texts by language; the script shows the one `wpwlOptions.locale` names (COPYandPAY's option),
   * else the page's `<html lang>`, else English (which must be there).
   */
  texts: Record<string, WidgetTexts>
}

export type WidgetTexts = ReturnType<typeof widgetTexts>

/** Everything the widget says, in one language. */
export function widgetTexts(i18n: I18n) {
  return {
    accept: i18n._({ id: 'widget.accept', message: 'We accept' }),
    cardNumber: i18n._({ id: 'widget.cardNumber', message: 'Card Number' }),
    expiryDate: i18n._({ id: 'widget.expiryDate', message: 'Expiry Date' }),
    expiryFormat: i18n._({ id: 'widget.expiryFormat', message: 'MM / YY' }),
    cvv: i18n._({ id: 'widget.cvv', message: 'CVV' }),
    cvvHint: i18n._({ id: 'widget.cvvHint', message: '3 digits on the back' }),
    holder: i18n._({ id: 'widget.holder', message: 'Card holder' }),
    pay: i18n._({ id: 'widget.pay', message: 'Pay now' }),
    processing: i18n._({ id: 'widget.processing', message: 'Processing…' }),
    noRealCard: i18n._({ id: 'widget.noRealCard', message: 'Sandbox payment provider: no real card is charged.' }),
    invalidNumber: i18n._({ id: 'widget.invalidNumber', message: 'Invalid card number' }),
    brandNotAccepted: i18n._({ id: 'widget.brandNotAccepted', message: 'This card brand is not accepted' }),
    invalidExpiry: i18n._({ id: 'widget.invalidExpiry', message: 'Invalid expiry date' }),
    cardExpired: i18n._({ id: 'widget.cardExpired', message: 'Card expired' }),
    invalidCvv: i18n._({ id: 'widget.invalidCvv', message: 'Invalid CVV' }),
    invalidHolder: i18n._({ id: 'widget.invalidHolder', message: 'Invalid card holder' }),
    failed: i18n._({ id: 'widget.failed', message: 'The payment could not be made. Please try again.' }),
    offline: i18n._({ id: 'widget.offline', message: 'We could not reach the payment service. Check your connection and try again.' }),
    expired: i18n._({ id: 'widget.expired', message: 'This payment session has expired. Please start again.' }),
  }
}

const source = String.raw`(function () {
  'use strict';
  var config = __CONFIG__;
  var script = document.currentScript;
  var scriptUrl = new URL((script && script.src) || config.scriptPath, location.href);
  var brandNames = { VISA: 'Visa', MASTER: 'Mastercard', DISCOVER: 'Discover', AMEX: 'American Express' };
  var waitForFormMs = 10000;

  // A second copy of the script (a re-mounted page) takes over from the first.
  if (window.wpwl && typeof window.wpwl.unload === 'function') window.wpwl.unload();
  var cleanups = [];
  window.wpwl = { checkoutId: config.checkoutId, unload: function () { while (cleanups.length) cleanups.pop()(); } };

  function options() { var o = window.wpwlOptions; return o && typeof o === 'object' ? o : {}; }
  function notify(name, arg) {
    var f = options()[name];
    if (typeof f !== 'function') return;
    // A failing merchant callback must not break the payment form.
    try { f(arg); } catch (e) { setTimeout(function () { throw e; }); }
  }
  function widgetError(name, message) { var e = new Error(message); e.name = name; return e; }
  // The shopper's language: the merchant's wpwlOptions.locale, else the page's own, else English.
  function language() {
    var wanted = [options().locale, document.documentElement.lang];
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i] || '').split(/[-_]/)[0].toLowerCase();
      if (code && Object.prototype.hasOwnProperty.call(config.texts, code)) return code;
    }
    return 'en';
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.append(c); });
    return node;
  }

  var css = [
    '.wpwl-form{color:#14213d;max-width:100%;min-width:0;box-sizing:border-box;font-size:1rem;line-height:1.4}',
    '.wpwl-form *,.wpwl-form *::before,.wpwl-form *::after{box-sizing:border-box}',
    '.wpwl-brands{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin:0 0 1rem}',
    '.wpwl-brand-list{display:flex;flex-wrap:wrap;gap:.5rem;margin:0;padding:0;list-style:none}',
    '.wpwl-brands-title{font-size:.875rem;color:#44506a}',
    '.wpwl-brand{padding:.125rem .5rem;border:1px solid #c2c9d6;border-radius:4px;background:#fff;font-size:.8125rem;font-weight:700;letter-spacing:.02em}',
    '.wpwl-brand-VISA{color:#1a1f71}.wpwl-brand-MASTER{color:#a3141b}.wpwl-brand-DISCOVER{color:#9a4200}',
    '.wpwl-brand-detected{border-color:currentColor;box-shadow:inset 0 0 0 1px currentColor;background:#eef3fb}',
    '.wpwl-group{margin:0 0 1rem;min-width:0}',
    '.wpwl-row{display:flex;flex-wrap:wrap;gap:0 .75rem}.wpwl-row>.wpwl-group{flex:1 1 7.5rem}',
    '.wpwl-label{display:block;margin:0 0 .25rem;font-weight:600}',
    '.wpwl-hint{display:block;margin:-.125rem 0 .25rem;font-size:.8125rem;color:#44506a}',
    '.wpwl-control{display:block;width:100%;min-width:0;min-height:44px;margin:0;padding:.5rem .75rem;font:inherit;font-size:1rem;color:inherit;background:#fff;border:1px solid #6b7588;border-radius:6px}',
    '.wpwl-control:focus{outline:3px solid #f5b700;outline-offset:1px;border-color:#0b4f9c}',
    '.wpwl-control[aria-invalid="true"]{border:2px solid #b42318}',
    '.wpwl-error{margin:.25rem 0 0;font-size:.875rem;font-weight:600;color:#b42318}',
    '.wpwl-error:empty{display:none}',
    '.wpwl-message{margin:0 0 1rem;padding:.75rem;border-radius:6px;border:1px solid #b42318;background:#fdf1f0;color:#8a1c12;font-weight:600}',
    '.wpwl-message:empty{display:none}',
    '.wpwl-button{display:block;width:100%;min-height:44px;padding:.625rem 1rem;font:inherit;font-size:1rem;font-weight:700;color:#fff;background:#0b4f9c;border:0;border-radius:6px;cursor:pointer}',
    '.wpwl-button:hover{background:#083b75}.wpwl-button:focus-visible{outline:3px solid #f5b700;outline-offset:2px}',
    '.wpwl-button:disabled{background:#5a6b86;cursor:progress}',
    '.wpwl-secure{margin:.75rem 0 0;font-size:.8125rem;color:#44506a;text-align:center}'
  ].join('\n');

  function addStyle() {
    var old = document.getElementById('wpwl-style');
    if (old) old.remove();
    var style = el('style', { id: 'wpwl-style' }, [css]);
    document.head.append(style);
    cleanups.push(function () { style.remove(); });
  }

  // Card rules (the server checks them again).
  function digitsOf(v) { return v.replace(/[\s-]/g, ''); }
  function luhn(d) {
    var sum = 0, dbl = false;
    for (var i = d.length - 1; i >= 0; i--) {
      var n = d.charCodeAt(i) - 48;
      if (dbl) { n *= 2; if (n > 9) n -= 9; }
      sum += n; dbl = !dbl;
    }
    return sum % 10 === 0;
  }
  function brandOf(d) {
    if (/^4/.test(d)) return 'VISA';
    var first4 = Number(d.slice(0, 4));
    if (/^5[1-5]/.test(d) || (d.length >= 4 && first4 >= 2221 && first4 <= 2720)) return 'MASTER';
    if (/^(6011|64[4-9]|65)/.test(d)) return 'DISCOVER';
    return '';
  }
  function parseExpiry(v) {
    var m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(v.trim()) || /^(\d{2})(\d{2})$/.exec(v.trim());
    if (!m) return null;
    var month = Number(m[1]), year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    if (month < 1 || month > 12) return null;
    return { month: month, year: year };
  }

  function render(form) {
    var lang = language(), text = config.texts[lang];
    var brands = (form.getAttribute('data-brands') || 'VISA MASTER').toUpperCase().split(/\s+/).filter(Boolean);
    var uid = 'wpwl-' + Math.random().toString(36).slice(2, 8);
    var message = el('div', { class: 'wpwl-message', role: 'alert' });
    var fields = {};

    function field(key, labelText, attrs, hintText) {
      var id = uid + '-' + key;
      var error = el('p', { id: id + '-error', class: 'wpwl-error', 'aria-live': 'polite' });
      var described = (hintText ? id + '-hint ' : '') + id + '-error';
      var input = el('input', Object.assign({ id: id, class: 'wpwl-control wpwl-control-' + key, type: 'text', 'aria-describedby': described, spellcheck: 'false' }, attrs));
      var parts = [el('label', { class: 'wpwl-label', for: id }, [labelText])];
      if (hintText) parts.push(el('span', { id: id + '-hint', class: 'wpwl-hint' }, [hintText]));
      parts.push(input, error);
      fields[key] = { input: input, error: error };
      return el('div', { class: 'wpwl-group wpwl-group-' + key }, parts);
    }

    var brandList = el('ul', { class: 'wpwl-brand-list', 'aria-labelledby': uid + '-brands' }, brands.map(function (b) {
      var name = Object.prototype.hasOwnProperty.call(brandNames, b) ? brandNames[b] : b;
      return el('li', { class: 'wpwl-brand wpwl-brand-' + b.replace(/[^A-Z0-9]/g, '') }, [name]);
    }));
    var brandBox = el('div', { class: 'wpwl-brands' }, [el('span', { id: uid + '-brands', class: 'wpwl-brands-title' }, [text.accept]), brandList]);
    var button = el('button', { type: 'submit', class: 'wpwl-button wpwl-button-pay' }, [text.pay]);
    var container = el('div', { class: 'wpwl-form wpwl-form-card' }, [
      brandBox,
      field('number', text.cardNumber, { inputmode: 'numeric', autocomplete: 'cc-number', maxlength: '23', placeholder: '1234 5678 9012 3456' }),
      el('div', { class: 'wpwl-row' }, [
        field('expiry', text.expiryDate, { inputmode: 'numeric', autocomplete: 'cc-exp', maxlength: '9', placeholder: text.expiryFormat }, text.expiryFormat),
        field('cvv', text.cvv, { inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: '4' }, text.cvvHint)
      ]),
      field('holder', text.holder, { autocomplete: 'cc-name', maxlength: '128', autocapitalize: 'words' }),
      message,
      button,
      el('p', { class: 'wpwl-secure' }, [text.noRealCard])
    ]);

    var checks = {
      number: function (v) {
        var d = digitsOf(v);
        if (!/^\d{12,19}$/.test(d) || !luhn(d)) return text.invalidNumber;
        var b = brandOf(d);
        return b && brands.indexOf(b) >= 0 ? '' : text.brandNotAccepted;
      },
      expiry: function (v) {
        var e = parseExpiry(v);
        if (!e) return text.invalidExpiry;
        var now = new Date(), current = now.getFullYear() * 12 + now.getMonth(), expires = e.year * 12 + e.month - 1;
        if (expires < current) return text.cardExpired;
        return expires > current + 240 ? text.invalidExpiry : '';
      },
      cvv: function (v) { return /^\d{3,4}$/.test(v.trim()) ? '' : text.invalidCvv; },
      holder: function (v) { var h = v.trim(); return h.length >= 3 && h.length <= 128 ? '' : text.invalidHolder; }
    };
    var order = ['number', 'expiry', 'cvv', 'holder'];
    // What a field says when the provider refuses a value these checks let through (its rules are the same).
    var refused = { number: text.invalidNumber, expiry: text.invalidExpiry, cvv: text.invalidCvv, holder: text.invalidHolder };

    function showError(key, text) {
      var f = fields[key];
      f.error.textContent = text;
      if (text) f.input.setAttribute('aria-invalid', 'true'); else f.input.removeAttribute('aria-invalid');
    }
    function check(key) { var text = checks[key](fields[key].input.value); showError(key, text); return !text; }

    order.forEach(function (key) {
      var input = fields[key].input;
      // Errors appear when a filled field is left, and clear as soon as the value is fixed.
      input.addEventListener('blur', function () { if (input.value.trim()) check(key); });
      input.addEventListener('input', function () { if (input.getAttribute('aria-invalid')) check(key); });
    });
    fields.number.input.addEventListener('input', function () {
      var b = brandOf(digitsOf(fields.number.input.value));
      Array.prototype.forEach.call(brandList.querySelectorAll('.wpwl-brand'), function (li) {
        li.classList.toggle('wpwl-brand-detected', !!b && li.classList.contains('wpwl-brand-' + b));
      });
    });
    fields.number.input.addEventListener('blur', function () {
      var d = digitsOf(fields.number.input.value);
      if (/^\d+$/.test(d)) fields.number.input.value = d.replace(/(\d{4})(?=\d)/g, '$1 ');
    });
    fields.expiry.input.addEventListener('blur', function () {
      var e = parseExpiry(fields.expiry.input.value);
      if (e) fields.expiry.input.value = ('0' + e.month).slice(-2) + ' / ' + String(e.year).slice(-2);
    });

    var busy = false;
    function setBusy(on) {
      busy = on;
      button.disabled = on;
      button.textContent = on ? text.processing : text.pay;
      container.setAttribute('aria-busy', on ? 'true' : 'false');
    }

    function serverErrors(data) {
      var errors = data && data.result && Array.isArray(data.result.parameterErrors) ? data.result.parameterErrors : [];
      var byName = { 'card.number': 'number', paymentBrand: 'number', 'card.expiryMonth': 'expiry', 'card.expiryYear': 'expiry', 'card.cvv': 'cvv', 'card.holder': 'holder' };
      var first = null;
      errors.forEach(function (e) {
        var key = byName[e && e.name];
        // The provider answers in English: the field shows this widget's own words for the problem.
        if (key) { showError(key, checks[key](fields[key].input.value) || refused[key]); first = first || key; }
      });
      if (first) { fields[first].input.focus(); return; }
      message.textContent = text.failed;
    }

    function pay() {
      var e = parseExpiry(fields.expiry.input.value);
      var number = digitsOf(fields.number.input.value);
      var body = new URLSearchParams({
        'card.number': number,
        'card.holder': fields.holder.input.value.trim(),
        'card.expiryMonth': ('0' + e.month).slice(-2),
        'card.expiryYear': String(e.year),
        'card.cvv': fields.cvv.input.value.trim(),
        paymentBrand: brandOf(number),
        'customer.browser.language': lang,
        shopperResultUrl: new URL(form.getAttribute('action') || location.href, document.baseURI).href
      });
      var url = new URL('checkouts/' + encodeURIComponent(config.checkoutId) + '/payment', scriptUrl).href;
      setBusy(true);
      message.textContent = '';
      fetch(url, { method: 'POST', body: body, credentials: 'omit', cache: 'no-store' })
        .then(function (res) {
          return res.json().catch(function () { return null; }).then(function (data) { return { status: res.status, data: data }; });
        })
        .then(function (answer) {
          var next = answer.data && answer.data.redirect && answer.data.redirect.url;
          // The button stays disabled while the browser leaves for the next page.
          if (answer.status === 200 && typeof next === 'string') return location.assign(next);
          setBusy(false);
          if (answer.status === 404) { form.removeEventListener('submit', onSubmit); return expire(form); }
          serverErrors(answer.data);
        }, function () {
          setBusy(false);
          message.textContent = text.offline;
        });
    }

    function onSubmit(event) {
      event.preventDefault();
      if (busy) return;
      var valid = order.map(check);
      var firstBad = valid.indexOf(false);
      if (firstBad >= 0) return fields[order[firstBad]].input.focus();
      pay();
    }

    form.replaceChildren(container);
    form.setAttribute('novalidate', '');
    form.addEventListener('submit', onSubmit);
    cleanups.push(function () { form.removeEventListener('submit', onSubmit); container.remove(); });
    notify('onReady');
  }

  function expire(form) {
    var expiredMessage = config.texts[language()].expired;
    var note = el('p', { class: 'wpwl-message wpwl-message-expired', role: 'alert' }, [expiredMessage]);
    var container = el('div', { class: 'wpwl-form' }, [note]);
    // The form stays a place for messages only: submitting it must not leave the page.
    function block(event) { event.preventDefault(); }
    form.replaceChildren(container);
    form.addEventListener('submit', block);
    cleanups.push(function () { form.removeEventListener('submit', block); container.remove(); });
    notify('onError', widgetError('InvalidCheckoutIdError', expiredMessage));
  }

  function whenForm(done) {
    var find = function () { return document.querySelector('form.paymentWidgets'); };
    var found = find();
    if (found) return done(found);
    // The merchant may render the form after loading the script: watch for it for a while.
    var observer = new MutationObserver(function () { var f = find(); if (f) { stop(); done(f); } });
    var timer = setTimeout(function () {
      stop();
      notify('onError', widgetError('WidgetError', 'No form.paymentWidgets was found on the page.'));
    }, waitForFormMs);
    function stop() { observer.disconnect(); clearTimeout(timer); }
    observer.observe(document.documentElement, { childList: true, subtree: true });
    cleanups.push(stop);
  }

  addStyle();
  whenForm(function (form) { if (config.checkoutId) render(form); else expire(form); });
})();
`

/** The script for one checkout; the config is JSON with `<` escaped, so nothing in it can end a script element. */
export function widgetScript(config: WidgetConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  // A function, so no `$` in the config is read as a replacement pattern.
  return source.replace('__CONFIG__', () => json)
}
