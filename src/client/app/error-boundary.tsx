import { Component, type ReactNode } from 'react';

type Props = { fallback: (reset: () => void) => ReactNode; resetKey: string; children: ReactNode };
type State = { failed: boolean };

/**
 * Catches a page that fails to load or render, so the header and menu stay usable. Moving to
 * another page (a new resetKey) clears it.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
