import type { ReactNode } from 'react';

interface NoticeProps {
  readonly tone: 'success' | 'error' | 'info';
  readonly children: ReactNode;
}

/**
 * An in-page message (docs/product.md section 8 texts appear here, not in browser alert boxes): errors
 * interrupt a screen reader (role alert), other news waits its turn (role status).
 */
export function Notice({ tone, children }: NoticeProps) {
  return (
    <p className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
