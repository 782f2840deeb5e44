/**
 * Catches a part of the app whose code failed to load — a lazily loaded chunk fetched with no
 * signal, on a visit the service worker does not control yet — so that one missing part never
 * takes the whole page down with it (React unmounts the whole app on an error nobody catches).
 * It shows its fallback instead and tries again once the browser is back online.
 */
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** What stands in for the part that could not load (nothing, by default). */
  fallback?: ReactNode;
}

export class LoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  private readonly retry = () => this.setState({ failed: false });

  override componentDidMount(): void {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
