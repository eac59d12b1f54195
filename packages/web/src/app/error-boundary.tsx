import { Alert } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { __ } from '../lib/i18n.ts';

interface State {
  failed: boolean;
}

/** Keeps a failing page from blanking the admin: the shell stays and the page's error message shows. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Page failed to render', error);
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <Alert color="red" role="alert">
          {__(
            'There was an error rendering this view. Please contact support for assistance if the problem persists.',
          )}
        </Alert>
      );
    }
    return this.props.children;
  }
}
