import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { roleHas } from '@paydesk/domain';
import type { TPageBootstrap } from '@paydesk/domain/contracts';
import { escapeHtml } from '@paydesk/domain/html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { type AccountSnapshotReader, buildWcpaySettings } from '../store/page-settings.ts';
import type { Session } from '../store/sessions.ts';
import { auditedPageAction, recordRefusedPage } from './audit.ts';
import { sessionFromCookie } from './auth.ts';
import { varyOnCredentials } from './headers.ts';
import { jsonForScript, simplePage } from './html.ts';
import { LOGIN_PATH } from './login.ts';
import { OVERVIEW_URL } from './redirect.ts';

export const ADMIN_PATH = '/wp-admin/admin.php';

/** The icon files at the root of the built app, with their media types. */
const FAVICONS = [
  ['favicon.ico', 'image/x-icon'],
  ['favicon.svg', 'image/svg+xml'],
] as const;

/**
 * Serves the admin pages: the built single-page app, with the settings object and the REST
 * nonce written into it. Anonymous visitors go to sign-in; users without the capability are
 * refused here, before any of the app loads.
 */
export async function adminRoutes(
  app: FastifyInstance,
  db: Db,
  options: {
    webDist: string;
    readAccount: AccountSnapshotReader;
    /** Answers some admin URLs before the app loads (the connect URL); true when it answered. */
    pageHook?: (request: FastifyRequest, reply: FastifyReply, session: Session) => Promise<boolean>;
  },
): Promise<void> {
  const indexPath = join(options.webDist, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`The admin app is not built (${indexPath} is missing). Run "npm run build" first.`);
  }
  const template = readFileSync(indexPath, 'utf8');
  if (!template.includes('<!--paydesk-bootstrap-->')) {
    throw new Error(`${indexPath} lacks the <!--paydesk-bootstrap--> marker`);
  }

  await app.register(fastifyStatic, {
    root: join(options.webDist, 'assets'),
    prefix: '/assets/',
    index: false,
    immutable: true,
    maxAge: '365d',
  });

  // The site's icon, which browsers also ask for at /favicon.ico on every page of their own
  // accord (sign-in too). A build copies both files from packages/web/public; a stripped-down
  // build without them serves none.
  for (const [file, type] of FAVICONS) {
    const path = join(options.webDist, file);
    if (!existsSync(path)) continue;
    const body = readFileSync(path);
    app.get(`/${file}`, { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type(type).send(body),
    );
  }

  const serveAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await sessionFromCookie(db, request);
    if (!session) {
      return reply.redirect(`${LOGIN_PATH}?redirect_to=${encodeURIComponent(request.url)}`);
    }
    if (!roleHas(session.user.role, 'manage_woocommerce')) {
      await recordRefusedPage(db, request, session.user);
      return reply
        .code(403)
        .type('text/html')
        .send(
          simplePage(
            'Forbidden',
            `<div class="card"><p>Sorry, you are not allowed to access this page.</p><p><a href="${LOGIN_PATH}?action=logout&amp;_wpnonce=${escapeHtml(session.nonce)}">Log out</a></p></div>`,
          ),
        );
    }
    const pageHook = options.pageHook;
    if (
      pageHook &&
      (await auditedPageAction(db, request, reply, session.user, () => pageHook(request, reply, session)))
    ) {
      return reply;
    }
    const bootstrap: TPageBootstrap = {
      nonce: session.nonce,
      restRoot: '/wp-json',
      logoutUrl: `${LOGIN_PATH}?action=logout&_wpnonce=${session.nonce}`,
      user: {
        id: session.user.id,
        login: session.user.login,
        first_name: session.user.first_name,
        display_name: session.user.display_name,
        email: session.user.email,
      },
    };
    const settings = await buildWcpaySettings(db, session.nonce, options.readAccount);
    const html = template.replace(
      '<!--paydesk-bootstrap-->',
      `<script type="application/json" id="paydesk-bootstrap">${jsonForScript({ page: bootstrap, wcpaySettings: settings })}</script>`,
    );
    varyOnCredentials(reply);
    return reply.header('cache-control', 'no-store').type('text/html').send(html);
  };

  app.get(ADMIN_PATH, { schema: { hide: true } }, serveAdmin);
  for (const path of ['/', '/wp-admin', '/wp-admin/index.php']) {
    app.get(path, { schema: { hide: true } }, async (_request, reply) => reply.redirect(OVERVIEW_URL));
  }
}
