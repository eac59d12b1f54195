/**
 * Hostile text for the places where text from the store, its customers or the API is shown or
 * written back (docs/reliability.md, "Hostile content"): markup that would run script if it
 * reached a page as HTML, and cells a spreadsheet would run as formulas. Shared by the API
 * tests and the browser test, so every place is tried with the same list.
 */

/** The window property a payload sets when its script runs; a page must never have it. */
export const XSS_FLAG = '__xss';

/**
 * Classic XSS payloads, each setting `window[XSS_FLAG]` to its own number (and most of them
 * opening a dialog) if it ever runs: script tags, event-handler attributes, javascript: and
 * data: URLs, svg/onload, iframes, CSS expressions, entity- and percent-encoded and mixed-case
 * variants, unclosed tags, attribute and tag break-outs, and mutation XSS. None is longer than 64
 * characters (an order number's limit) and none starts or ends with a space (the API trims them).
 */
export const XSS_PAYLOADS: readonly string[] = [
  `<script>${XSS_FLAG}=1;alert(1)</script>`,
  `<img src=x onerror=${XSS_FLAG}=2;alert(2)>`,
  `<svg/onload=${XSS_FLAG}=3;alert(3)>`,
  `<a href="javascript:${XSS_FLAG}=4">click</a>`,
  `<iframe src="javascript:parent.${XSS_FLAG}=5">`,
  `<div style="x:expression(${XSS_FLAG}=6)">`,
  `&lt;script&gt;${XSS_FLAG}=7&lt;/script&gt;`,
  `<ScRiPt>${XSS_FLAG}=8</sCrIpT>`,
  `<img src=x onerror=${XSS_FLAG}=9`,
  `"><img src=x onerror=${XSS_FLAG}=10>`,
  `'><svg onload=${XSS_FLAG}=11>`,
  `javascript:${XSS_FLAG}=12`,
  `<body onload=${XSS_FLAG}=13>`,
  `<details open ontoggle=${XSS_FLAG}=14>`,
  `<object data="data:text/html,<script>parent.${XSS_FLAG}=15</script>">`,
  `%3Cscript%3E${XSS_FLAG}=16%3C/script%3E`,
  `<IMG SRC=&#106;avascript:${XSS_FLAG}=17>`,
  `<noscript><p title="</noscript><img src=x onerror=${XSS_FLAG}=18>">`,
  `{{constructor.constructor('${XSS_FLAG}=19')()}}`,
  `<style>*{background:url(javascript:${XSS_FLAG}=20)}</style>`,
];

/**
 * Payloads that split a tag with a NUL, which some parsers drop. PostgreSQL cannot store a NUL,
 * so the API refuses them (400, text-guard.ts) and they never reach a page.
 */
export const NUL_SPLIT_PAYLOADS: readonly string[] = [
  `<scr\u0000ipt>${XSS_FLAG}=21</script>`,
  `<img src=x on\u0000error=${XSS_FLAG}=22>`,
];

/**
 * Cells a spreadsheet would run as a formula: one led by each of the triggers the exports
 * neutralise (`FORMULA_TRIGGERS`: = + - @ TAB CR), with the classic payloads behind them.
 */
export const FORMULA_PAYLOADS: readonly string[] = [
  '=HYPERLINK("http://evil.test","x")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=2+3',
  '\r=4+5',
];
