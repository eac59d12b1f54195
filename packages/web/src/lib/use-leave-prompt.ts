import { useEffect } from 'react';
import { __ } from './i18n.ts';
import { setLeaveGuard } from './navigation.ts';

/**
 * While `dirty`, leaving the page asks first: moving to another admin page asks `message` in a
 * confirm (by default, whether to discard the unsaved changes), and closing or reloading the tab
 * lets the browser ask its own question.
 */
export function useLeavePrompt(
  dirty: boolean,
  message = __(
    'There are unsaved changes on this page. Are you sure you want to leave and discard the unsaved changes?',
  ),
): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    setLeaveGuard(() => window.confirm(message));
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      setLeaveGuard(null);
    };
  }, [dirty, message]);
}
