import { NOTE_ALLOWED_TAGS } from '@paydesk/domain/inbox/notes';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sanitizeNoteHtml } from './inbox-html.ts';

/** Every element and attribute of some HTML, as a browser-like parser sees them. */
function elementsOf(html: string): { tag: string; attributes: Record<string, string> }[] {
  const found: { tag: string; attributes: Record<string, string> }[] = [];
  const parser = new Parser(
    { onopentag: (tag, attributes) => found.push({ tag, attributes }) },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** The properties every sanitised answer must have, whatever went in. */
function expectSafe(output: string) {
  for (const { tag, attributes } of elementsOf(output)) {
    expect(NOTE_ALLOWED_TAGS as readonly string[]).toContain(tag);
    const names = Object.keys(attributes);
    expect(names.every((name) => tag === 'a' && name === 'href')).toBe(true);
    // Browsers ignore whitespace and control characters inside a scheme.
    const href = [...(attributes.href ?? '')]
      .filter((char) => char.charCodeAt(0) > 32)
      .join('')
      .toLowerCase();
    expect(href.startsWith('javascript:') || href.startsWith('data:') || href.startsWith('vbscript:')).toBe(
      false,
    );
    expect(href.startsWith('//')).toBe(false);
  }
  expect(output.toLowerCase()).not.toMatch(/<script|<iframe|<svg|<img|<style|onerror=|onload=|onclick=/);
}

/** Attacks on a note's content; each must come out without anything that runs. */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(1);">',
  '<svg onload=alert(1)><circle r=1></circle></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="//evil.example/">protocol relative</a>',
  '<a href="https://example.test/" onclick="alert(1)" onmouseover="alert(1)">x</a>',
  '<a href="https://example.test/" style="position:fixed;inset:0">overlay</a>',
  '<a href="https://example.test/" target="_blank">new window</a>',
  '<p onclick=alert(1) class="x" id="y" style="color:red">para</p>',
  '<b onmouseover=alert(1)>bold</b>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<link rel=stylesheet href=javascript:alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  '<p>ok</p><!--<script>alert(1)</script>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<div><p>nested <em onclick=x>em</em></p></div>',
  '<a href="https://example.test/"><img src=x onerror=alert(1)>',
  '<strong><a href="javascript&colon;alert(1)">colon entity</a></strong>',
  '<br onload=alert(1)/>',
];

describe('the note content sanitiser', () => {
  it.each(XSS_CORPUS)('leaves nothing that runs in %s', async (input) => {
    expectSafe(await sanitizeNoteHtml(input));
  });

  it('keeps the allowed tags and their text', async () => {
    const html =
      '<p>Hello <b>b</b> <strong>strong</strong> <em>em</em> <i>i</i><br>line</p><p><a href="https://example.test/path?a=1&amp;b=2">web</a></p>';
    expect(await sanitizeNoteHtml(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('keeps relative, web and mail links and drops every other attribute', async () => {
    expect(
      await sanitizeNoteHtml('<a href="/wp-admin/admin.php?page=wc-admin" title="t" rel="x">r</a>'),
    ).toBe('<a href="/wp-admin/admin.php?page=wc-admin">r</a>');
    expect(await sanitizeNoteHtml('<a href="mailto:help@example.test">mail</a>')).toBe(
      '<a href="mailto:help@example.test">mail</a>',
    );
    expect(await sanitizeNoteHtml('<a href="http://example.test/" target="_blank">x</a>')).toBe(
      '<a href="http://example.test/">x</a>',
    );
  });

  it('removes dangerous links but keeps their text', async () => {
    expect(await sanitizeNoteHtml('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
    expect(await sanitizeNoteHtml('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
  });

  it('drops the content of script-like tags and keeps the text of other unknown tags', async () => {
    expect(await sanitizeNoteHtml('<script>alert(1)</script>after')).toBe('after');
    expect(await sanitizeNoteHtml('<style>p{}</style><p>x</p>')).toBe('<p>x</p>');
    expect(await sanitizeNoteHtml('<div><span>text</span></div>')).toBe('text');
    expect(await sanitizeNoteHtml('<h1>Title</h1>')).toBe('Title');
  });

  it('escapes text so that it stays text', async () => {
    expect(await sanitizeNoteHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });

  it('answers the same for content that is already clean', async () => {
    for (const input of XSS_CORPUS) {
      const once = await sanitizeNoteHtml(input);
      expect(await sanitizeNoteHtml(once)).toBe(once);
    }
  });
});
