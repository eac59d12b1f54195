/**
 * One expected failure as the API documents it: the HTTP status it answers with, the message a
 * person reads, when it is raised, and what a client should do about it. The message may carry
 * `%s` / `%1$s` / `%d` placeholders filled from `appError(code, { args })`.
 */
export interface ErrorSpec {
  readonly status: number;
  readonly message: string;
  readonly when: string;
  readonly action: string;
}

/** An area's error codes, keyed by code. Each area of the API keeps its own table. */
export type ErrorTable = Readonly<Record<string, ErrorSpec>>;

/** Checks an area's table against the shape while keeping its literal keys. */
export const defineErrors = <const T extends ErrorTable>(table: T): T => table;
