import { escapeHtml } from '@paydesk/domain/html';

/** JSON for a `<script type="application/json">` block: `<` is escaped so no tag can close it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A small standalone page (sign-in, sign-out, refusals) that needs no script. */
export function simplePage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} ‹ Paydesk</title>
<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  body { margin: 0; font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif; background: #f0f0f1; color: #1e1e1e; }
  main { max-width: 340px; margin: 8vh auto; padding: 0 16px; }
  h1 { font-size: 22px; text-align: center; margin: 0 0 24px; }
  .card { background: #fff; border: 1px solid #dcdcde; border-radius: 4px; padding: 24px; box-shadow: 0 1px 3px rgba(0,0,0,.04); }
  label { display: block; font-weight: 600; margin: 0 0 4px; }
  input[type=text], input[type=password] { width: 100%; box-sizing: border-box; padding: 8px 10px; font-size: 16px; border: 1px solid #8c8f94; border-radius: 4px; margin: 0 0 16px; }
  input:focus { outline: 2px solid #3858e9; outline-offset: 0; border-color: #3858e9; }
  button, .button { display: inline-block; background: #3858e9; color: #fff; border: 0; border-radius: 4px; padding: 10px 16px; font-size: 14px; cursor: pointer; text-decoration: none; }
  button:hover, .button:hover { background: #2145e6; }
  .error { border-left: 4px solid #cc1818; background: #fff; padding: 12px; margin: 0 0 16px; }
  .message { border-left: 4px solid #3858e9; background: #fff; padding: 12px; margin: 0 0 16px; }
  .row { display: flex; justify-content: space-between; align-items: center; }
  .remember { display: flex; gap: 6px; align-items: center; font-weight: 400; margin: 0; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
