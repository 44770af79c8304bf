import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteError } from './RouteError';

interface BoundaryProps {
  readonly children: ReactNode;
}

interface BoundaryState {
  readonly failed: boolean;
}

/** React catches render errors only in a class component with getDerivedStateFromError. */
class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * Around every screen, inside the layout: a screen that throws, or whose code cannot be loaded
 * (a chunk a newer deploy replaced), shows RouteError with the header and footer kept. A new
 * path gets a fresh boundary, so leaving the broken screen clears the error.
 */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary key={pathname}>
      <Outlet />
    </ScreenErrorBoundary>
  );
}
