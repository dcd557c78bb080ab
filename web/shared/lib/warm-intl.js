// Readies the browser's Intl (its ICU locale data) while the page's scripts are still downloading: the
// first money or date a screen formats otherwise pays for it in the middle of that screen's first
// render (about 15 ms on a fast desktop, four times that on a mid-range phone). A plain script, run
// as soon as it arrives (async): the formatters it makes are thrown away, the loaded data stays.
// The language as web/shared/i18n/language.ts picks it; the locales as contracts/locale.ts names them.
/* global window, navigator */
(function () {
  var saved = null;
  try {
    saved = window.localStorage.getItem('portal.language');
  } catch {
    // Storage may be blocked (private mode): the browser's language decides, as in language.ts.
    saved = null;
  }
  var language = saved === 'en' || saved === 'es' ? saved : /^es/i.test(navigator.language) ? 'es' : 'en';
  var locale = language === 'es' ? 'es-US' : 'en-US';
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1);
  new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(0);
})();
