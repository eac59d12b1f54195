import { type AnchorHTMLAttributes, forwardRef, type MouseEvent } from 'react';
import { ADMIN_PATH, getAdminUrl, navigate, type QueryValues } from '../lib/navigation.ts';

/**
 * `path`: a wc-admin page's path, or the whole address of an admin page registered outside
 * wc-admin (the store settings' payments section), which is used as it is.
 */
type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { path: string; query?: QueryValues };

/** A link to another admin page that moves without reloading (a modified click still opens a tab). */
export const AdminLink = forwardRef<HTMLAnchorElement, Props>(function AdminLink(
  { path, query, onClick, ...rest },
  ref,
) {
  const href = path.startsWith(ADMIN_PATH) ? path : getAdminUrl(path, query);
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(href);
  };
  return <a ref={ref} href={href} onClick={handle} {...rest} />;
});
