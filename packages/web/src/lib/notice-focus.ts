/**
 * The keyboard's way to a notice's action (docs/accessibility.md): Alt+N moves the focus to the
 * newest notice with an action (Undo, View details), on its first action; using the action or
 * closing the notice brings the focus back to where it was. Part of the shell, so the shortcut
 * listens before the first such notice shows.
 */

/** The notices with actions still shown, the newest last: the shortcut goes to the newest. */
const withActions: string[] = [];
/** Where the focus was before the shortcut moved it into a notice; it goes back there after. */
let returnTo: HTMLElement | null = null;

/** The notice's element on the page, found by the id on its content. */
function noticeElement(id: string): HTMLElement | null {
  const content = document.querySelector<HTMLElement>(`[data-notice-id="${CSS.escape(id)}"]`);
  return content?.closest<HTMLElement>('[role="alert"], [role="status"]') ?? content;
}

/**
 * Alt+N (docs/accessibility.md) moves the focus to the newest notice with an action (Undo,
 * View details), on its first action; using it or closing the notice brings the focus back.
 */
export function focusNewestNotice(): boolean {
  for (let index = withActions.length - 1; index >= 0; index--) {
    const element = noticeElement(withActions[index]!);
    const target =
      element?.querySelector<HTMLElement>('[data-notice-action]') ?? element?.querySelector('button');
    if (!target) continue;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !element?.contains(active))
      returnTo = active;
    target.focus();
    return true;
  }
  return false;
}

function giveFocusBack() {
  window.setTimeout(() => {
    const active = document.activeElement;
    const lost = active === null || active === document.body || !active.isConnected;
    const leaving = active?.closest('[data-notice-id]') ?? active?.querySelector('[data-notice-id]');
    if ((lost || leaving) && returnTo?.isConnected) returnTo.focus();
    returnTo = null;
  }, 0);
}

window.addEventListener('keydown', (event) => {
  if (event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyN') {
    if (focusNewestNotice()) event.preventDefault();
  }
});

/** A notice with actions is shown: Alt+N goes to it first while it stays. */
export function noticeShown(id: string): void {
  withActions.push(id);
}

/** A notice with actions closed: the focus goes back if it was in the notice. */
export function noticeClosed(id: string): void {
  const index = withActions.indexOf(id);
  if (index >= 0) withActions.splice(index, 1);
  const element = noticeElement(id);
  if (element?.contains(document.activeElement) || returnTo) giveFocusBack();
}
