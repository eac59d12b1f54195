import { Modal as MantineModal, type ModalProps as MantineModalProps } from '@mantine/core';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { __ } from '../lib/i18n.ts';
import { canTakeFocus, focusIsLost } from './focus.ts';

export interface ModalProps extends MantineModalProps {
  /**
   * Where the focus goes on closing when the control that opened the modal is gone or cannot
   * take it (a menu item, a row that left the list, a button still busy).
   */
  returnFocusTo?: () => HTMLElement | null;
}

/** Fields first: a form's first field is where the person starts typing. */
const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const CONTROL = `${FIELD}, button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])`;

/** The control the modal opens on: the one it marks, else its first field, else its first control. */
export function firstMeaningfulControl(body: HTMLElement): HTMLElement | null {
  const marked = body.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) return marked;
  return body.querySelector<HTMLElement>(FIELD) ?? body.querySelector<HTMLElement>(CONTROL);
}

/**
 * The one modal of the admin (docs/accessibility.md): its close button is named and is not
 * where the focus starts, which is the first meaningful control of the body instead; closing
 * gives the focus back to the control that opened it, also when the modal is mounted only while
 * open (Mantine returns the focus only for a modal it saw open and close).
 */
export function Modal({ opened, returnFocusTo, children, closeButtonProps, ...props }: ModalProps) {
  const trigger = useRef<Element | null>(null);
  const shown = useRef(false);
  const fallback = useRef(returnFocusTo);
  fallback.current = returnFocusTo;

  // The focus moves into the modal a task after it renders: before that, it is still on the
  // control that opened it.
  useLayoutEffect(() => {
    if (opened && !shown.current) trigger.current = document.activeElement;
    if (!opened && shown.current) giveFocusBack(trigger.current, fallback.current);
    shown.current = opened;
  }, [opened]);
  useEffect(
    () => () => {
      if (shown.current) giveFocusBack(trigger.current, fallback.current);
    },
    [],
  );

  return (
    <MantineModal
      opened={opened}
      returnFocus={false}
      closeButtonProps={{ 'aria-label': __('Close'), ...closeButtonProps }}
      {...props}
    >
      <FirstFocus>{children}</FirstFocus>
    </MantineModal>
  );
}

/**
 * Marks the body's first meaningful control before the focus trap looks for one, so the trap
 * starts there rather than on the header's close button.
 */
function FirstFocus({ children }: { children: ReactNode }) {
  const body = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const target = body.current && firstMeaningfulControl(body.current);
    if (target && !target.hasAttribute('data-autofocus')) target.setAttribute('data-autofocus', '');
  }, []);
  return <div ref={body}>{children}</div>;
}

/**
 * After the modal has gone (a task later, once its content left the page), the focus goes back
 * to the trigger, or to the fallback when the trigger cannot take it. The focus is left alone
 * when something else took it on purpose meanwhile.
 */
function giveFocusBack(trigger: Element | null, fallback: (() => HTMLElement | null) | undefined) {
  window.setTimeout(() => {
    const active = document.activeElement;
    const inDialog = active?.closest('[role="dialog"]') ?? null;
    if (!focusIsLost() && inDialog === null) return;
    if (canTakeFocus(trigger)) trigger.focus();
    else fallback?.()?.focus();
  }, 0);
}
