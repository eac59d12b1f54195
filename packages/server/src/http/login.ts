import { AppError, roleHas, SIGN_IN_SESSION_TTL_MS } from '@paydesk/domain';
import { storableText } from '@paydesk/domain/audit-log/change';
import { escapeHtml } from '@paydesk/domain/html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import {
  claimSignInAttempt,
  forgetSignInAttempts,
  SIGN_IN_WINDOW_MS,
  signInKey,
} from '../store/login-throttle.ts';
import { createSession, nonceMatches, revokeSession, SESSION_COOKIE } from '../store/sessions.ts';
import { authenticatePassword } from '../store/users.ts';
import { writeAuditRow } from './audit.ts';
import { sessionFromCookie } from './auth.ts';
import { simplePage } from './html.ts';
import { OVERVIEW_URL, safeRedirect } from './redirect.ts';

export const LOGIN_PATH = '/wp-login.php';

const UNREADABLE_FORM =
  'The form contained characters that cannot be used in a username or password. Please type them again.';

interface LoginForm {
  log?: string;
  pwd?: string;
  redirect_to?: string;
  rememberme?: string;
}

function loginPage(options: { error?: string; message?: string; log?: string; redirectTo: string }): string {
  const notice = options.error
    ? `<div class="error" role="alert">${options.error}</div>`
    : options.message
      ? `<div class="message" role="status">${escapeHtml(options.message)}</div>`
      : '';
  return simplePage(
    'Log In',
    `<h1>Paydesk</h1>${notice}
<form class="card" name="loginform" method="post" action="${LOGIN_PATH}">
  <label for="user_login">Username or Email Address</label>
  <input type="text" name="log" id="user_login" autocomplete="username" value="${escapeHtml(options.log ?? '')}" required autofocus>
  <label for="user_pass">Password</label>
  <input type="password" name="pwd" id="user_pass" autocomplete="current-password" required>
  <input type="hidden" name="redirect_to" value="${escapeHtml(options.redirectTo)}">
  <div class="row">
    <label class="remember"><input name="rememberme" type="checkbox" value="forever"> Remember Me</label>
    <button type="submit" id="wp-submit">Log In</button>
  </div>
</form>`,
  );
}

function secureCookie(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function loginRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: Record<string, string | undefined> }>(
    LOGIN_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const query = request.query;
      if (query.action === 'logout') return logout(db, request, reply, query._wpnonce);
      const redirectTo = safeRedirect(query.redirect_to);
      const session = await sessionFromCookie(db, request);
      if (session && roleHas(session.user.role, 'manage_woocommerce')) return reply.redirect(redirectTo);
      const message = query.loggedout === 'true' ? 'You are now logged out.' : undefined;
      return reply.type('text/html').send(loginPage({ redirectTo, ...(message ? { message } : {}) }));
    },
  );

  // The sign-in form answers its own page when its input is refused (text that cannot be
  // stored, a body too large): the person is shown the form again with the reason.
  const formErrorHandler = (
    error: Error & { statusCode?: number },
    _request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
    if (status >= 500) throw error;
    const reason =
      error instanceof AppError && error.code === 'rest_invalid_param' ? UNREADABLE_FORM : error.message;
    return reply
      .code(status)
      .type('text/html')
      .send(loginPage({ error: `<strong>Error:</strong> ${escapeHtml(reason)}`, redirectTo: OVERVIEW_URL }));
  };

  app.post<{ Body: LoginForm }>(
    LOGIN_PATH,
    { schema: { hide: true }, errorHandler: formErrorHandler },
    async (request, reply) => {
      const body = (request.body ?? {}) as LoginForm;
      const log = String(body.log ?? '')
        .trim()
        .slice(0, 254);
      const pwd = String(body.pwd ?? '');
      const redirectTo = safeRedirect(body.redirect_to);
      const again = (status: number, error: string) =>
        reply.code(status).type('text/html').send(loginPage({ error, log, redirectTo }));
      if (!log || !pwd) {
        return again(400, '<strong>Error:</strong> The username and the password fields are required.');
      }
      // The attempt is claimed before the slow password check, so a burst of guesses cannot all
      // pass the limit before the first of them is counted.
      const login = await signInKey(db, log);
      const claim = await claimSignInAttempt(db, login, request.ip);
      if (!claim.granted) {
        await recordFailedSignIn(db, request, log, 429);
        const minutes = Math.round(SIGN_IN_WINDOW_MS / 60000);
        return again(
          429,
          `<strong>Error:</strong> Too many failed sign-in attempts. Please try again in ${minutes} minutes.`,
        );
      }
      const user = await authenticatePassword(db, log, pwd);
      if (!user) {
        await recordFailedSignIn(db, request, log, 401);
        return again(
          401,
          `<strong>Error:</strong> The username or password you entered is incorrect. <a href="${LOGIN_PATH}">Try again</a>.`,
        );
      }
      await forgetSignInAttempts(db, login.key, request.ip);
      const { token, expiresAt } = await createSession(db, user.id, {
        userAgent: String(request.headers['user-agent'] ?? ''),
        ip: request.ip,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie(request),
        // Without "Remember Me" the cookie lasts until the browser closes; the session row still expires.
        ...(body.rememberme ? { expires: expiresAt, maxAge: SIGN_IN_SESSION_TTL_MS / 1000 } : {}),
      });
      return reply.redirect(redirectTo, 302);
    },
  );
}

/** A refused sign-in, in the audit log with the username tried (never the password). */
function recordFailedSignIn(db: Db, request: FastifyRequest, username: string, status: number) {
  return writeAuditRow(
    db,
    {
      userId: null,
      username: storableText(username),
      credential: 'none',
      ip: request.ip,
      method: 'POST',
      action: `POST ${LOGIN_PATH}`,
      objectId: null,
      change: null,
      requestId: String(request.id),
    },
    'failed_sign_in',
    status,
  );
}

async function logout(db: Db, request: FastifyRequest, reply: FastifyReply, nonce: string | undefined) {
  const session = await sessionFromCookie(db, request);
  if (!session) return reply.redirect(`${LOGIN_PATH}?loggedout=true`);
  if (!nonceMatches(session.nonce, nonce)) {
    return reply
      .code(403)
      .type('text/html')
      .send(
        simplePage(
          'Log Out',
          `<div class="card"><p>Do you really want to log out?</p><a class="button" href="${LOGIN_PATH}?action=logout&amp;_wpnonce=${escapeHtml(session.nonce)}">Log out</a></div>`,
        ),
      );
  }
  await revokeSession(db, session.tokenHash);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  return reply.redirect(`${LOGIN_PATH}?loggedout=true`);
}
