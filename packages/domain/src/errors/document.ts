import { ERROR_AREAS } from './registry.ts';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** docs/errors.md, written from the registry so the page cannot drift from the code. */
export function renderErrorsDocument(): string {
  const lines = [
    '# Error codes',
    '',
    'Every error answer is `{ code, message, data: { status, params? } }`. The codes below are all',
    'the API answers, each with its HTTP status and message (placeholders such as `%s` are filled',
    'in), when it is raised and what a client should do. Each endpoint lists its own codes in the',
    'OpenAPI document (`/wp-json/wc/v3/payments/openapi.json`), under their statuses.',
    '',
    'This page is generated from `packages/domain/src/errors/`: run `npm run docs:errors` after',
    'changing a code (a test fails while it is out of date).',
  ];
  for (const { title, errors } of ERROR_AREAS) {
    lines.push(
      '',
      `## ${title}`,
      '',
      '| code | status | message | when | what to do |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const [code, spec] of Object.entries(errors)) {
      lines.push(
        `| \`${code}\` | ${spec.status} | ${cell(spec.message)} | ${cell(spec.when)} | ${cell(spec.action)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
