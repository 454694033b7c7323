import { Component, type ErrorInfo, type ReactNode } from 'react';

interface PluginBoundaryProps {
  /** The plugin whose code draws `children`; undefined when no plugin bound it (the kernel's own, a test's). */
  readonly pluginId: string | undefined;
  /** What takes the place of `children` once they threw; `retry` draws them again. */
  readonly fallback: (retry: () => void) => ReactNode;
  /** Told of each failure, e.g. to name the plugin in a toast. */
  readonly onError?: (error: Error) => void;
  readonly children: ReactNode;
}

/**
 * Keeps whatever a plugin draws (a page, a slot item) that throws while rendering from taking the
 * shell down with it: the one error boundary of the kernel, each place giving its own fallback.
 */
export class PluginBoundary extends Component<PluginBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`plugin "${this.props.pluginId ?? '(none)'}" failed while rendering`, error, info.componentStack);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
