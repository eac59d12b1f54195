import { beforeAll, expect, it } from 'vitest';
import { ADMIN, adminUrl, baseUrl, CUSTOMER, describeInBrowser, signIn } from './browser.ts';

describeInBrowser('signing in and the admin shell', (use) => {
  // The Overview sends a store without a payments account to Connect (e2e/connect.test.ts).
  // These tests are about the shell, so the shared store gets a sandbox account first, through
  // the connect URL as the Connect page does; when it already has one, nothing changes.
  beforeAll(async () => {
    const context = await use().newContext();
    const page = await context.newPage();
    await signIn(page, ADMIN, '/wp-admin/admin.php?page=wc-admin&path=/payments/connect');
    const answer = await page.evaluate(async () => {
      const bootstrap = JSON.parse(document.getElementById('paydesk-bootstrap')?.textContent ?? '{}');
      const response = await fetch(`${bootstrap.wcpaySettings.connectUrl}&test_drive=true`, {
        headers: { Accept: 'application/json' },
      });
      return response.json();
    });
    expect(answer).toMatchObject({ success: true });
    await context.close();
  });

  it('sends an anonymous visitor to sign-in and back to the page asked for', async () => {
    const context = await use().newContext();
    const page = await context.newPage();
    await page.goto(adminUrl('/payments/overview'));
    expect(new URL(page.url()).pathname).toBe('/wp-login.php');
    await page.fill('#user_login', ADMIN.login);
    await page.fill('#user_pass', ADMIN.password);
    await Promise.all([page.waitForURL(/wp-admin/), page.click('#wp-submit')]);
    await page.getByTestId('overview-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Overview');
    expect(await page.getByTestId('greeting').textContent()).toMatch(
      /^Good (morning|afternoon|evening), Admin$/,
    );
    expect(await page.getByRole('navigation', { name: 'Payments' }).getByText('Overview').count()).toBe(1);
    expect(await page.title()).toContain('Overview');
    await page.screenshot({ path: 'test-results/overview.png', fullPage: true });
    await context.close();
  });

  it('tells a wrong password apart and keeps the visitor out', async () => {
    const context = await use().newContext();
    const page = await context.newPage();
    await signIn(page, { login: ADMIN.login, password: 'not the password' });
    expect(new URL(page.url()).pathname).toBe('/wp-login.php');
    expect(await page.getByRole('alert').textContent()).toContain(
      'The username or password you entered is incorrect.',
    );
    await context.close();
  });

  it('opens the overview from the site root and shows a not-found page for unknown paths', async () => {
    const context = await use().newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${baseUrl()}/`);
    await page.getByTestId('overview-page').waitFor();
    expect(new URL(page.url()).searchParams.get('path')).toBe('/payments/overview');
    await page.goto(adminUrl('/payments/no-such-page'));
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await page.getByRole('link', { name: 'Go to the payments overview' }).click();
    await page.getByTestId('overview-page').waitFor();
    await context.close();
  });

  it('refuses a signed-in customer on every admin page', async () => {
    const context = await use().newContext();
    const page = await context.newPage();
    await signIn(page, CUSTOMER, '/wp-admin/admin.php?page=wc-admin&path=/payments/overview');
    expect(await page.textContent('body')).toContain('Sorry, you are not allowed to access this page.');
    const response = await page.goto(adminUrl('/payments/transactions'));
    expect(response?.status()).toBe(403);
    await context.close();
  });

  it('signs out and ends the session', async () => {
    const context = await use().newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.getByTestId('overview-page').waitFor();
    await page.getByRole('link', { name: 'Log Out' }).click();
    await page.waitForURL(/loggedout=true/);
    expect(await page.textContent('body')).toContain('You are now logged out.');
    await page.goto(adminUrl('/payments/overview'));
    expect(new URL(page.url()).pathname).toBe('/wp-login.php');
    await context.close();
  });
});
