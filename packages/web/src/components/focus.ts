/**
 * Where the focus goes when what held it goes away (docs/accessibility.md): helpers shared by
 * the modal, the lists and the actions that remove their own buttons. No Mantine here, so the
 * lists can use them without loading the modal.
 */

/** Whether the focus was left nowhere: on the page itself, or on an element that went away. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/** Whether an element can take the focus now: on the page, enabled and not under an inert part. */
export function canTakeFocus(element: Element | null): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    !element.matches(':disabled') &&
    element.closest('[inert]') === null
  );
}

/** The page's own heading, which announces the page when it takes the focus. */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#paydesk-main h1');
}
