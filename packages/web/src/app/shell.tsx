import {
  Anchor,
  AppShell,
  Box,
  Breadcrumbs,
  Burger,
  Group,
  Loader,
  NavLink,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { AdminLink } from '../components/admin-link.tsx';
import { getPage, getSettings } from '../lib/bootstrap.ts';
import { __ } from '../lib/i18n.ts';
import { DEFAULT_PATH, getAdminUrl, navigate, useSearch } from '../lib/navigation.ts';
import { documentTitle, usePageTitleDetailValue } from '../lib/page-title.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { NotFound } from './not-found.tsx';
import { findRoute, menuRoutes, routeKeyOf } from './routes.ts';

function PaymentsMenu({ current, onNavigate }: { current: string; onNavigate: () => void }) {
  const items = menuRoutes();
  return (
    <nav aria-label={__('Payments')}>
      <Text fw={600} size="xs" c="dimmed" tt="uppercase" px="sm" py={6}>
        {__('Payments')}
      </Text>
      {items.map((route) => {
        const active = current === route.path || current.startsWith(`${route.path}/`);
        return (
          <NavLink
            key={route.path}
            component={AdminLink}
            path={route.path}
            label={route.menu!.label()}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </nav>
  );
}

export function Shell() {
  const search = useSearch();
  const [opened, { toggle, close }] = useDisclosure(false);
  const page = search.get('page');
  const path = routeKeyOf(search);
  const route = path ? findRoute(path) : undefined;
  const title = route ? route.title() : __('Page not found');
  // Below the navbar's breakpoint (sm, 48em) the menu slides off-screen when closed; inert keeps
  // its links out of the Tab order and the accessibility tree there.
  const narrow = useMediaQuery('(max-width: 48em)');
  const heading = useRef<HTMLHeadingElement>(null);
  const previousPath = useRef(path);
  const client = useQueryClient();
  const searchText = search.toString();

  // The route's first reads start as soon as its page's code has loaded.
  useEffect(() => {
    route?.prefetch?.(client, new URLSearchParams(searchText)).catch((error: unknown) => {
      console.error(`The first reads of ${route.path} were not started`, error);
    });
  }, [client, route, searchText]);

  // After moving to another page in the app, focus goes to the new page's heading, which a
  // screen reader announces; the first load keeps the browser's own start.
  useEffect(() => {
    if (previousPath.current === path) return;
    previousPath.current = path;
    heading.current?.focus();
  }, [path]);

  // An admin URL without a path (or the bare admin page) opens the overview.
  useEffect(() => {
    if (!path && (page === 'wc-admin' || page === null))
      navigate(getAdminUrl(DEFAULT_PATH), { replace: true });
  }, [page, path]);

  const view = usePageTitleDetailValue();
  useEffect(() => {
    document.title = documentTitle(view, title, getSettings().siteTitle);
  }, [title, view]);

  const user = getPage().user;
  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <a className="paydesk-skip-link" href="#paydesk-main">
        {__('Skip to main content')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={__('Toggle menu')}
              aria-expanded={opened}
              aria-controls="paydesk-menu"
            />
            <Text fw={700}>{getSettings().siteTitle}</Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Text size="sm" title={user.email} visibleFrom="xs">
              {user.display_name || user.login}
            </Text>
            <Anchor href={getPage().logoutUrl} size="sm">
              {__('Log Out')}
            </Anchor>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" id="paydesk-menu" inert={narrow && !opened}>
        <PaymentsMenu current={path ?? ''} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="paydesk-main" tabIndex={-1}>
        {route ? (
          <Box maw={1280}>
            <Breadcrumbs mb="xs" separator="›" aria-label={__('Breadcrumbs')}>
              {route.breadcrumbs().map((crumb, index, all) =>
                crumb.href && index < all.length - 1 ? (
                  <Anchor key={crumb.label} href={crumb.href} size="sm">
                    {crumb.label}
                  </Anchor>
                ) : crumb.path && index < all.length - 1 ? (
                  <Anchor key={crumb.label} component={AdminLink} path={crumb.path} size="sm">
                    {crumb.label}
                  </Anchor>
                ) : (
                  <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
                    {crumb.label}
                  </Text>
                ),
              )}
            </Breadcrumbs>
            <Title order={1} size="h2" mb="md" ref={heading} tabIndex={-1}>
              {title}
            </Title>
            <ErrorBoundary resetKey={route.path}>
              <Suspense fallback={<Loader aria-label={__('Loading')} />}>
                <route.component />
              </Suspense>
            </ErrorBoundary>
          </Box>
        ) : path ? (
          <NotFound path={path} />
        ) : (
          <Loader aria-label={__('Loading')} />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
