import {
  appError,
  type Capability,
  forbidden,
  invalidNonce,
  MANAGE_WOOCOMMERCE,
  notLoggedIn,
  roleHas,
} from '@paydesk/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { verifyAppPassword } from '../store/app-passwords.ts';
import { findSession, nonceMatches, SESSION_COOKIE, type Session } from '../store/sessions.ts';
import type { User } from '../store/users.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    session: Session | null;
  }
}

/** How each authenticated request proved who it is, as the audit log names it. */
const credentialNames = new WeakMap<FastifyRequest, string>();

/** `session`, `application_password:<its name>`, or `none` before (or without) authentication. */
export function requestCredential(request: FastifyRequest): string {
  return credentialNames.get(request) ?? 'none';
}

export function basicCredentials(
  header: string | undefined,
): { login: string; password: string } | undefined {
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  const match = header === undefined ? null : /^basic +(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Who is calling a REST route. Identity comes only from an application password over HTTP
 * Basic or from the session cookie; a cookie must come with the session's nonce (in
 * `X-WP-Nonce`, or `_wpnonce` on a download link), so another site cannot ride on it.
 */
export async function authenticateRest(db: Db, request: FastifyRequest): Promise<User> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const credentials = basicCredentials(header);
    const verified =
      credentials && (await verifyAppPassword(db, credentials.login, credentials.password, request.ip));
    if (!verified) {
      throw appError('incorrect_password');
    }
    credentialNames.set(request, `application_password:${verified.name}`);
    return verified.user;
  }
  const session = await sessionFromCookie(db, request);
  if (!session) throw notLoggedIn();
  const query = request.query as Record<string, unknown> | undefined;
  const given =
    (request.headers['x-wp-nonce'] as string | undefined) ??
    (request.method === 'GET' && typeof query?._wpnonce === 'string' ? query._wpnonce : undefined);
  if (!nonceMatches(session.nonce, given)) throw invalidNonce();
  if (!SAFE_METHODS.has(request.method) && !sameSite(request)) throw appError('rest_cookie_invalid_origin');
  request.session = session;
  credentialNames.set(request, 'session');
  return session.user;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request's `Origin`, when it sends one, is this site: its host (with the port) is the
 * one the request was sent to (`X-Forwarded-Host` only behind a trusted proxy). Browsers send
 * `Origin` on every write, so a page of another site riding on the cookie is refused even if it
 * had the nonce; `null` (a sandboxed frame, a redirect across sites) is never this site.
 * Programs that send no `Origin` rely on the nonce alone.
 */
function sameSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const from = new URL(origin);
    // Read under the origin's scheme, so a default port written out (":443") compares equal.
    return from.host !== '' && from.host === new URL(`${from.protocol}//${request.host}`).host;
  } catch {
    return false;
  }
}

export async function sessionFromCookie(db: Db, request: FastifyRequest): Promise<Session | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  return token ? findSession(db, token) : undefined;
}

export function requireCapability(user: User, capability: Capability = MANAGE_WOOCOMMERCE): void {
  if (!roleHas(user.role, capability)) throw forbidden();
}

/** The onRequest hook of the REST tree: every route below it needs a user with the capability. */
export function restAccessHook(db: Db) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await authenticateRest(db, request);
    requireCapability(user);
    request.user = user;
  };
}
