import { type AnchorHTMLAttributes, forwardRef, type MouseEvent } from 'react';
import { getAdminUrl, navigate, type QueryValues } from '../lib/navigation.ts';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { path: string; query?: QueryValues };

/** A link to another admin page that moves without reloading (a modified click still opens a tab). */
export const AdminLink = forwardRef<HTMLAnchorElement, Props>(function AdminLink(
  { path, query, onClick, ...rest },
  ref,
) {
  const href = getAdminUrl(path, query);
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
