import { useRef, type KeyboardEvent } from 'react';
import { paymentCopy as copy } from '../../content/services-content';

export type PaymentMethod = 'card' | 'paypal';

const METHODS: readonly PaymentMethod[] = ['card', 'paypal'];

/** The ids that tie each tab to its panel. */
export const methodTabId = (idPrefix: string, method: PaymentMethod) => `${idPrefix}-tab-${method}`;
export const methodPanelId = (idPrefix: string, method: PaymentMethod) =>
  `${idPrefix}-panel-${method}`;

interface PaymentMethodTabsProps {
  readonly idPrefix: string;
  readonly labelledBy: string;
  readonly method: PaymentMethod;
  readonly onChange: (method: PaymentMethod) => void;
}

/** Card or PayPal, as ARIA tabs: one tab stop, and arrows, Home and End move between them. */
export function PaymentMethodTabs({
  idPrefix,
  labelledBy,
  method,
  onChange,
}: PaymentMethodTabsProps) {
  const tabs = useRef<Record<PaymentMethod, HTMLButtonElement | null>>({
    card: null,
    paypal: null,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: PaymentMethod =
      event.key === 'Home'
        ? 'card'
        : event.key === 'End'
          ? 'paypal'
          : method === 'card'
            ? 'paypal'
            : 'card';
    onChange(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="payment__tabs" role="tablist" aria-labelledby={labelledBy}>
      {METHODS.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            tabs.current[tab] = element;
          }}
          id={methodTabId(idPrefix, tab)}
          type="button"
          role="tab"
          className="payment__tab"
          aria-selected={method === tab}
          aria-controls={methodPanelId(idPrefix, tab)}
          tabIndex={method === tab ? 0 : -1}
          onClick={() => {
            onChange(tab);
          }}
          onKeyDown={onKeyDown}
        >
          {tab === 'card' ? copy.card : copy.paypal}
        </button>
      ))}
    </div>
  );
}
